import type { ErrorEvent } from '@sentry/browser';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  errorReportingOptions,
  scrubBreadcrumb,
  scrubEvent,
  startAnalytics,
  startErrorReporting,
  startSessionRecording,
  trackPageView,
} from './integrations.ts';

/** The scripts the integrations add (kept out of the document: the test never downloads Google's or Clarity's). */
let appended: MockInstance<(...nodes: (Node | string)[]) => void>;
const scriptSources = () =>
  appended.mock.calls.flat().map((node) => (node instanceof HTMLScriptElement ? node.src : String(node)));

beforeEach(() => {
  appended = vi.spyOn(document.head, 'append').mockImplementation(() => undefined);
});
afterEach(() => {
  appended.mockRestore();
  delete window.gtag;
  delete window.dataLayer;
  delete window.clarity;
  window.history.replaceState(null, '', '/');
});

describe('analytics (GA4)', () => {
  it('loads nothing without an id or with an invalid one', () => {
    for (const id of [undefined, '', 'UA-12345-1', 'G-ABC']) expect(startAnalytics(id)).toBe(false);
    expect(scriptSources()).toEqual([]);
    expect(window.gtag).toBeUndefined();
  });

  it('loads gtag.js for a valid id, advertising denied, page views sent by the app, scrubbed', () => {
    expect(startAnalytics('G-ABCDE12345')).toBe(true);
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABCDE12345']);
    const commands = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands[0]).toEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied' })]);
    expect(commands).toContainEqual(['config', 'G-ABCDE12345', expect.objectContaining({ send_page_view: false })]);
    // Started once per page: a second call changes nothing.
    expect(startAnalytics('G-ABCDE12345')).toBe(false);

    window.history.pushState(null, '', '/reset-password?code=12345&email=sara@example.com');
    trackPageView();
    const last = Array.from((window.dataLayer ?? []).at(-1) as ArrayLike<unknown>);
    expect(last[0]).toBe('event');
    expect(last[1]).toBe('page_view');
    expect(String((last[2] as { page_location: string }).page_location)).toMatch(
      /\/reset-password\?code=\[redacted\]&email=\[email\]$/,
    );
  });
});

describe('session recording (Microsoft Clarity)', () => {
  it('loads nothing without a valid id', () => {
    for (const id of [undefined, 'short', 'has-a-dash!!']) expect(startSessionRecording(id)).toBe(false);
    expect(scriptSources()).toEqual([]);
  });

  it('loads the project tag for a valid id and queues calls until it arrives', () => {
    expect(startSessionRecording('abcde12345')).toBe(true);
    expect(scriptSources()).toEqual(['https://www.clarity.ms/tag/abcde12345']);
    window.clarity?.('set', 'page', 'tutors');
    expect(window.clarity?.q).toEqual([['set', 'page', 'tutors']]);
  });

  it('waits while the address carries a code or an invitation, and starts on the next page', () => {
    for (const address of ['/reset-password?email=sara%40example.com&code=123456', '/invite/abc123def']) {
      window.history.replaceState(null, '', address);
      expect(startSessionRecording('abcde12345')).toBe(false);
    }
    expect(scriptSources()).toEqual([]);
    window.history.replaceState(null, '', '/s/dashboard');
    expect(startSessionRecording('abcde12345')).toBe(true);
  });
});

describe('error reporting', () => {
  const dsn = 'https://key@errors.darsak.test/2';

  it('stays off in local mode and without an address', async () => {
    expect(await startErrorReporting({ environment: 'local', errorReportingUrl: dsn }, '1.2.3')).toBeUndefined();
    expect(
      await startErrorReporting({ environment: 'production', errorReportingUrl: undefined }, '1.2.3'),
    ).toBeUndefined();
  });

  it('names the environment and release and collects nothing personal', () => {
    expect(errorReportingOptions({ environment: 'staging', errorReportingUrl: dsn }, '1.2.3')).toMatchObject({
      dsn,
      environment: 'staging',
      release: 'darsak@1.2.3',
      dataCollection: expect.objectContaining({ userInfo: false, cookies: false, httpBodies: [] }),
    });
  });

  it('scrubs a report: no body, cookies or headers, the user as an id, no contact details or codes', () => {
    const event = {
      type: undefined,
      message: 'failed for sara@example.com at 01012345678',
      user: { id: '7', email: 'sara@example.com', ip_address: '10.0.0.1' },
      request: {
        url: 'https://app.darsak.test/invite/secret-token?x=1',
        data: { password: 'x' },
        cookies: { a: 'b' },
        headers: { Referer: 'r' },
      },
    } as ErrorEvent;
    expect(scrubEvent(event)).toEqual({
      type: undefined,
      message: 'failed for [email] at [phone]',
      user: { id: '7' },
      request: { url: 'https://app.darsak.test/invite/[token]?x=1' },
    });
  });

  it('keeps breadcrumbs without logged arguments or bodies', () => {
    const crumb = scrubBreadcrumb({
      category: 'console',
      message: 'code 12345 sent to sara@example.com',
      data: { arguments: [{ email: 'sara@example.com' }], url: '/x?token=abc', body: '{"code":"1"}' },
    });
    expect(crumb).toEqual({
      category: 'console',
      message: 'code [code] sent to [email]',
      data: { url: '/x?token=[redacted]' },
    });
  });
});
