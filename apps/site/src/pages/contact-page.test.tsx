import { FIELD_MESSAGES_AR } from '@darsak/domain/common';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteApp } from '../site-app.tsx';

afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown };

/** Stubs the API the page calls cross-origin: its public configuration and the contact form. */
function stubApi(contact: () => Answer) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = url.endsWith('/api/v1/contact-request/')
        ? contact()
        : { body: { environment: 'local', supportLinks: {}, googleSimulator: false } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const field = (name: RegExp) => screen.getByLabelText(name);

describe('contact form', () => {
  it('sends a title, a message and the details left, to the API on port 3000, then thanks the visitor', async () => {
    const calls = stubApi(() => ({ status: 201, body: { ok: true } }));
    const user = userEvent.setup();
    render(<SiteApp path="/contact/" appUrl="" />);
    await user.type(field(/^عنوان الرسالة/), 'سؤال عن الباقات');
    await user.type(field(/^الرسالة/), 'هل يمكن تغيير الباقة في منتصف الشهر؟');
    await user.type(field(/^البريد الإلكتروني/), 'Mona@Example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(await screen.findByText('وصلت رسالتك')).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/api/v1/contact-request/'));
    expect(sent?.url).toBe(`${window.location.protocol}//${window.location.hostname}:3000/api/v1/contact-request/`);
    expect(sent?.body).toEqual({
      title: 'سؤال عن الباقات',
      message: 'هل يمكن تغيير الباقة في منتصف الشهر؟',
      email: 'mona@example.com',
    });
    await user.click(screen.getByRole('button', { name: 'أرسل رسالة أخرى' }));
    expect((field(/^عنوان الرسالة/) as HTMLInputElement).value).toBe('');
  });

  it('shows field messages before sending anything', async () => {
    const calls = stubApi(() => ({ status: 201, body: { ok: true } }));
    const user = userEvent.setup();
    render(<SiteApp path="/contact/" appUrl="" />);
    await user.type(field(/^الرسالة/), 'قصيرة');
    await user.type(field(/^رقم الموبايل/), '0123');
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect(await screen.findByText(FIELD_MESSAGES_AR.required)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES_AR['contact-message-length'])).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES_AR['phone-invalid'])).toBeTruthy();
    expect(field(/^عنوان الرسالة/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.endsWith('/api/v1/contact-request/'))).toBe(false);
  });

  it('shows the coded error of a refused request inline and keeps what was written', async () => {
    stubApi(() => ({ status: 429, body: { code: 'too-many-requests', message: 'x' } }));
    const user = userEvent.setup();
    render(<SiteApp path="/contact/" appUrl="" />);
    await user.type(field(/^عنوان الرسالة/), 'سؤال عن الباقات');
    await user.type(field(/^الرسالة/), 'هل يمكن تغيير الباقة في منتصف الشهر؟');
    await user.click(screen.getByRole('button', { name: 'أرسل الرسالة' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['too-many-requests']);
    expect((field(/^عنوان الرسالة/) as HTMLInputElement).value).toBe('سؤال عن الباقات');
  });
});
