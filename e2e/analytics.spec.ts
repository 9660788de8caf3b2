import type { Page } from '@playwright/test';
import { catchAnalytics } from './support/analytics-stand-ins.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { type Darsak, freePorts, startDarsak } from './support/server.ts';
import { expect, test as journeys } from './support/test.ts';

// GA4 and Microsoft Clarity in the built app (spec §1). The policy a page runs under comes from the server's own
// settings, so these journeys run against a second server of their own, configured as a deployment with both
// ids (and a staging client environment); the journeys' main server has none (integrations.spec.ts proves that
// nothing then leaves). Google's and Microsoft's scripts are stand-ins served at their real addresses.

const MEASUREMENT_ID = 'G-E2E0TEST01';
const RECORDING_ID = 'e2erec0001';

const test = journeys.extend<object, { deployment: Darsak }>({
  deployment: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const deployment = await startDarsak({
        host: '127.0.0.1',
        ports: await freePorts(),
        env: { ANALYTICS_ID: MEASUREMENT_ID, SESSION_RECORDING_ID: RECORDING_ID, CLIENT_ENV: 'staging' },
      });
      await use(deployment);
      await deployment.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.app),
});

/** Opens a page from the sidebar (the drawer on a phone), as a student moves around the app. */
async function openFromSidebar(app: Page, name: string): Promise<void> {
  const toggle = app.getByRole('button', { name: 'فتح القائمة الجانبية' });
  if (await toggle.isVisible()) await toggle.click();
  await app.getByRole('link', { name, exact: true }).click();
}

const pageViewsOf = (hits: Array<Record<string, string>>) => hits.filter((hit) => hit.en === 'page_view');

test('GA4 and Clarity load once each under the page policy, with one page view per page and nothing personal', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const student = await registerPerson(request, 'student');
  const context = await signedInContext(browser, page, student);
  const traffic = await catchAnalytics(context);
  const app = await context.newPage();

  await app.goto('/s/dashboard');
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await openFromSidebar(app, 'المعلّمون');
  await expect(app).toHaveURL(/\/tutors$/);
  await openFromSidebar(app, 'الاشتراكات');
  await expect(app).toHaveURL(/\/plans$/);
  await expect.poll(() => pageViewsOf(traffic.hits).length).toBe(3);

  expect(traffic.scripts).toEqual([
    `https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`,
    `https://www.clarity.ms/tag/${RECORDING_ID}`,
  ]);
  // What the app handed gtag.js before it loaded: advertising denied, no page view of its own.
  const commands = await app.evaluate(() =>
    ((globalThis as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((command) => Array.from(command)),
  );
  expect(commands).toContainEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied' })]);
  expect(commands).toContainEqual(['config', MEASUREMENT_ID, expect.objectContaining({ send_page_view: false })]);
  // One page view per page the student opened, sent as advertising-denied hits to the configured property.
  expect(pageViewsOf(traffic.hits).map((hit) => [new URL(hit.dl ?? '').pathname, hit.dt])).toEqual([
    ['/s/dashboard', 'لوحة التحكم | درسك'],
    ['/tutors', 'المعلّمون | درسك'],
    ['/plans', 'الاشتراكات | درسك'],
  ]);
  for (const hit of traffic.hits) expect(hit).toMatchObject({ tid: MEASUREMENT_ID, gcs: 'G101', npa: '1' });
  // Clarity got its project and nothing from the app: no user, no tags.
  await expect.poll(() => traffic.recordings).toEqual([{ project: RECORDING_ID, calls: [] }]);

  // A password-reset link from an e-mail: its address and code never reach analytics.
  const email = 'sara.ali@example.com';
  await app.goto(`/reset-password?email=${encodeURIComponent(email)}&code=54321`);
  await expect.poll(() => pageViewsOf(traffic.hits).length).toBe(4);
  expect(pageViewsOf(traffic.hits).at(-1)?.dl).toBe(`${baseURL}/reset-password?email=[email]&code=[redacted]`);
  const sent = JSON.stringify(traffic);
  for (const secret of [email, encodeURIComponent(email), '54321', student.token]) expect(sent).not.toContain(secret);
  expect(traffic.crossOriginOfOurs).toEqual([]);
  await context.close();
});
