import type { BrowserContext, Page } from '@playwright/test';
import { openAdminAs } from './support/admin-app.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { expect, test } from './support/test.ts';

// Third-party integrations (spec §1) in the built app. The journeys' server runs in local mode with none
// configured, so nothing may leave for Google or Clarity and no error reporter may start; for error reporting the
// page's runtime configuration is answered as a staging deployment's, whose DSN names the app's own origin (the
// policy the server sends admits it), and the envelope endpoint is caught here, standing for Sentry's ingest.

const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com|clarity\.ms/;
const PROJECT = '9';
/** A DSN on the API's own origin, so the catcher below receives what the SDK posts. */
const dsnAt = (baseURL: string | undefined) => `http://e2ekey@${new URL(baseURL ?? '').host}/${PROJECT}`;

/** The page's `/runtime-config.js` with `changes` applied (the server's own answer, edited). */
async function configureAs(context: BrowserContext, changes: Record<string, unknown>): Promise<void> {
  await context.route('**/runtime-config.js', async (route) => {
    const response = await route.fetch();
    const script = await response.text();
    const prefix = script.slice(0, script.indexOf('=') + 1);
    const config = JSON.parse(script.slice(prefix.length).trim().replace(/;$/, '')) as Record<string, unknown>;
    await route.fulfill({ response, body: `${prefix}${JSON.stringify({ ...config, ...changes })};\n` });
  });
}

/** Every Sentry envelope the page posts, kept as its lines parsed. */
async function catchEnvelopes(context: BrowserContext): Promise<unknown[][]> {
  const envelopes: unknown[][] = [];
  await context.route(
    (url) => url.pathname === `/api/${PROJECT}/envelope/`,
    async (route) => {
      const body = route.request().postData() ?? '';
      envelopes.push(
        body
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      );
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    },
  );
  return envelopes;
}

interface SentEvent {
  environment: string;
  release: string;
  user?: Record<string, unknown>;
  request?: { url?: string };
  exception?: { values: Array<{ type: string; value: string }> };
}

/** Throws `message` from the page (an uncaught error) and answers the event envelope that reports it. */
async function reportedError(page: Page, envelopes: unknown[][], message: string): Promise<SentEvent> {
  await page.waitForFunction(() => '__SENTRY__' in globalThis);
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
  const isEvent = (items: unknown[]) => JSON.stringify(items[1]) === '{"type":"event"}';
  await expect.poll(() => envelopes.some(isEvent)).toBe(true);
  return (envelopes.find(isEvent) ?? [])[2] as SentEvent;
}

test('an error in the page reaches error reporting with the user id and release, scrubbed', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const student = await registerPerson(request, 'student');
  const context = await signedInContext(browser, page, student);
  await configureAs(context, { environment: 'staging', errorReportingUrl: dsnAt(baseURL) });
  const envelopes = await catchEnvelopes(context);
  const app = await context.newPage();
  await app.goto('/s/dashboard?code=54321');
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();

  const planted = ['sara.ali@example.com', '01012345678', student.token];
  const event = await reportedError(app, envelopes, `lookup failed for ${planted.join(' and ')}, code 54321`);
  expect(event.environment).toBe('staging');
  expect(event.release).toMatch(/^darsak@\d+\.\d+\.\d+$/);
  expect(event.user).toEqual({ id: String(student.user.id) });
  expect(event.exception?.values.at(-1)?.value).toBe('lookup failed for [email] and [phone] and [token], code [code]');
  expect(event.request?.url).not.toContain('54321');
  const sent = JSON.stringify(envelopes);
  for (const secret of [...planted, '54321']) expect(sent).not.toContain(secret);
  await context.close();
});

test('the admin app reports its errors the same way, with the staff member’s id', async ({
  page,
  request,
  baseURL,
}) => {
  // The DSN names the API's origin, which the admin app's policy admits for its calls.
  await configureAs(page.context(), { environment: 'production', errorReportingUrl: dsnAt(baseURL) });
  const envelopes = await catchEnvelopes(page.context());
  await openAdminAs(page, request, '/');
  const staffId = await page.evaluate(() => JSON.parse(localStorage.getItem('darsak.user') ?? '{}').user?.id);
  const event = await reportedError(page, envelopes, 'staff page failed for admin@darsak.test');
  expect(event).toMatchObject({ environment: 'production', user: { id: String(staffId) } });
  expect(event.exception?.values.at(-1)?.value).toBe('staff page failed for [email]');
});

test('without analytics or session recording ids nothing leaves for Google or Clarity, and no error reporter runs', async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    if (THIRD_PARTY.test(r.url())) thirdParty.push(r.url());
  });
  await page.goto('/');
  await page.goto('/tutors');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('script[src*="googletagmanager"], script[src*="clarity.ms"]').count()).toBe(0);
  expect(await page.evaluate(() => ['gtag', 'clarity', '__SENTRY__'].filter((name) => name in globalThis))).toEqual([]);
  expect(thirdParty).toEqual([]);
});
