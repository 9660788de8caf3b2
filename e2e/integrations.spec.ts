import type { Page } from '@playwright/test';
import { openAdminAs } from './support/admin-app.ts';
import { type ErrorReportingIngest, startErrorReportingIngest } from './support/error-reporting-ingest.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { type Darsak, freePorts, startDarsak } from './support/server.ts';
import { expect, test } from './support/test.ts';

// Third-party integrations (spec §1) in the built app. The journeys' server runs in local mode with none
// configured, so nothing may leave for Google or Clarity and no error reporter may start. Error reporting runs
// against a server of the journey's own, configured as a staging deployment whose DSN names a local stand-in for
// Sentry's ingest: the pages, their policy and their cross-origin posts are the real ones.

const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com|clarity\.ms/;

const reporting = test.extend<{ envelopes: unknown[][] }, { ingest: ErrorReportingIngest; deployment: Darsak }>({
  ingest: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const ingest = await startErrorReportingIngest();
      await use(ingest);
      await ingest.stop();
    },
    { scope: 'worker' },
  ],
  deployment: [
    async ({ ingest }, use) => {
      const deployment = await startDarsak({
        host: '127.0.0.1',
        ports: await freePorts(),
        env: { CLIENT_ENV: 'staging', ERROR_REPORTING_URL: ingest.dsn },
      });
      await use(deployment);
      await deployment.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.app),
  envelopes: async ({ ingest }, use) => {
    ingest.envelopes.length = 0;
    await use(ingest.envelopes);
  },
});

interface SentEvent {
  environment: string;
  release: string;
  user?: Record<string, unknown>;
  request?: { url?: string };
  exception?: { values: Array<{ type: string; value: string }> };
}

/** Throws `message` from the page (an uncaught error) and answers the event that the ingest received for it. */
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

reporting(
  'an error in the page reaches error reporting with the user id and release, scrubbed',
  async ({ browser, page, request, envelopes }) => {
    const student = await registerPerson(request, 'student');
    const context = await signedInContext(browser, page, student);
    const app = await context.newPage();
    await app.goto('/s/dashboard?code=54321');
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();

    const planted = ['sara.ali@example.com', '01012345678', student.token];
    const event = await reportedError(app, envelopes, `lookup failed for ${planted.join(' and ')}, code 54321`);
    expect(event.environment).toBe('staging');
    expect(event.release).toMatch(/^darsak@\d+\.\d+\.\d+$/);
    expect(event.user).toEqual({ id: String(student.user.id) });
    expect(event.exception?.values.at(-1)?.value).toBe(
      'lookup failed for [email] and [phone] and [token], code [code]',
    );
    expect(event.request?.url).not.toContain('54321');
    const sent = JSON.stringify(envelopes);
    for (const secret of [...planted, '54321']) expect(sent).not.toContain(secret);
    await context.close();
  },
);

reporting(
  'the admin app reports its errors the same way, with the staff member’s id',
  async ({ page, request, deployment, envelopes }) => {
    await openAdminAs(page, request, '/', { admin: deployment.admin });
    const staffId = await page.evaluate(() => JSON.parse(localStorage.getItem('darsak.user') ?? '{}').user?.id);
    const event = await reportedError(page, envelopes, 'staff page failed for admin@darsak.test');
    expect(event).toMatchObject({ environment: 'staging', user: { id: String(staffId) } });
    expect(event.exception?.values.at(-1)?.value).toBe('staff page failed for [email]');
  },
);

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
