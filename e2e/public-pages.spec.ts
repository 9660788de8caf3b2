import type { APIRequestContext, Page } from '@playwright/test';
import { registerPerson, signedInContext, signOutThroughMenu } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect as baseExpect, test } from './support/test.ts';

/**
 * The public pages as a visitor from a shared link or a search gets them (issue 30): rendered on the server, so
 * the tutors, a tutor's profile and the plans are in the HTML before any script runs; then hydrated, with no
 * hydration error (the guard in support/test.ts fails the journey on one) and nothing moving on the screen when the
 * page comes alive; in English when the reader chose it; and a tutor who is not public answers 404.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

interface Listed {
  id: number;
  name: string;
  topics: Array<{ id: number; nameAr: string }>;
  rating: { count: number };
}

async function listedTutors(request: APIRequestContext): Promise<Listed[]> {
  const response = await request.get('/api/v1/user/tutor/list/onboarded?size=100');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { list: Listed[] }).list;
}

/** The layout shifts the page has had so far (what Lighthouse's CLS adds up), from its first paint. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

test('a visitor reads the public pages before any script runs', async ({ browser, request }) => {
  const [tutor] = await listedTutors(request);
  if (!tutor) throw new Error('the demo data has no public tutor');
  const answer = await request.get('/api/v1/plan/list?size=100');
  const plans = ((await answer.json()) as { list: Array<{ nameAr: string | null }> }).list;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  await page.goto('/tutors');
  await expect(page.getByRole('heading', { level: 1, name: 'المعلّمون' })).toBeVisible();
  await expect(page.getByText(tutor.name).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `الملف والحجز مع ${tutor.name}` })).toHaveAttribute(
    'href',
    `/t/${tutor.id}`,
  );
  await screenshot(page, test.info(), 'public-tutors-without-script');

  await page.goto(`/t/${tutor.id}`);
  await expect(page.getByRole('heading', { name: tutor.name })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(tutor.name));
  // the price of a lesson and what students say are in the page and its preview
  await expect(page.getByText('سعر الدرس')).toBeVisible();
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /^الدرس \S+ دقيقة من/);
  if (tutor.rating.count > 0) await expect(page.getByRole('heading', { level: 2, name: 'آراء الطلاب' })).toBeVisible();

  await page.goto('/plans');
  for (const { nameAr } of plans) if (nameAr) await expect(page.getByRole('heading', { name: nameAr })).toBeVisible();
  await context.close();
});

test('the server-rendered pages come alive without moving: filters, a profile, and English', async ({
  page,
  request,
}) => {
  const tutors = await listedTutors(request);
  const topic = tutors[0]?.topics[0];
  if (!topic) throw new Error('the demo data has no tutor with a topic');
  const teaching = tutors.filter((tutor) => tutor.topics.some((t) => t.id === topic.id));

  await page.goto('/tutors');
  await expect(page.getByText(tutors[0]?.name ?? '').first()).toBeVisible();
  expect(await layoutShift(page), 'layout shift while the page hydrates').toBeLessThan(0.01);

  // Live: a filter changes the address and the list, in the page.
  await page.getByRole('combobox', { name: 'الموضوع' }).selectOption({ label: topic.nameAr });
  await expect(page).toHaveURL(new RegExp(`topic=${topic.id}`));
  await expect(page.getByRole('link', { name: /^الملف والحجز مع/ })).toHaveCount(Math.min(teaching.length, 10));

  // A reader who opens the filtered address gets it rendered filtered.
  const filtered = await (await page.request.get(`/tutors?topic=${topic.id}`)).text();
  for (const tutor of teaching.slice(0, 10)) expect(filtered).toContain(tutor.name);

  await page.getByRole('link', { name: `الملف والحجز مع ${teaching[0]?.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${teaching[0]?.id}$`));
  await expect(page.getByRole('heading', { name: teaching[0]?.name })).toBeVisible();

  // English is remembered, and the server renders it from then on.
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/tutors');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutors' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(await (await page.request.get('/tutors')).text()).toContain('<html lang="en" dir="ltr">');
  expect(await layoutShift(page), 'layout shift while the English page hydrates').toBeLessThan(0.01);
  await screenshot(page, test.info(), 'public-tutors-english');
});

test('a signed-in student opens a public page; a tutor who is not public answers 404', async ({
  browser,
  page,
  request,
}) => {
  const student = await registerPerson(request, 'student');
  const context = await signedInContext(browser, page, student);
  const signedIn = await context.newPage();
  await signedIn.goto('/plans');
  // Rendered for a visitor, then the student's own page (her account menu) once hydrated.
  await expect(signedIn.getByRole('button', { name: 'قائمة الحساب' })).toBeVisible();
  await context.close();

  const unknown = await page.goto('/t/99999999');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("a student's checkout arrives rendered for her, and hydrates in place; signed out, it asks her to sign in", async ({
  browser,
  page,
  request,
}) => {
  const student = await registerPerson(request, 'student');
  const plans = (await (await request.get('/api/v1/plan/list?size=100')).json()) as { list: Array<{ id: number }> };
  const plan = plans.list[0];
  if (!plan) throw new Error('the demo data has no plan');
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 390, height: 844 } });
  const her = await context.newPage();
  await her.goto('/login');
  await her.getByLabel(/^البريد الإلكتروني/).fill(await emailOf(request, student));
  await her.getByLabel(/^كلمة المرور/).fill('secret123');
  await her.getByRole('button', { name: 'دخول', exact: true }).click();
  await her.waitForURL((url) => !url.pathname.startsWith('/login'));

  // Opened afresh (a link from the renewal message, a reload): the server renders her checkout with her data.
  const answer = await her.goto(`/checkout/${plan.id}/month`);
  const html = (await answer?.text()) ?? '';
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  expect(html).toContain('ملخص الطلب');
  expect(html).toContain(student.user.name);
  await expect(her.getByRole('heading', { level: 1, name: 'إتمام الدفع' })).toBeVisible();
  expect(await layoutShift(her), 'layout shift while her checkout hydrates').toBeLessThan(0.01);
  await screenshot(her, test.info(), 'checkout-rendered-for-her');

  // Signed out, the page is hers no more: the server does not render it, and the app asks her to sign in.
  await signOutThroughMenu(her);
  const after = await her.goto(`/checkout/${plan.id}/month`);
  expect(await after?.text()).not.toContain('ملخص الطلب');
  await expect(her).toHaveURL(/\/login\?next=/);
  await context.close();
});

/** A journey's registered person's e-mail, as the API answers it to her. */
async function emailOf(request: APIRequestContext, person: { token: string }): Promise<string> {
  const answer = await request.get('/api/v1/user/current', { headers: { authorization: `Bearer ${person.token}` } });
  return ((await answer.json()) as { email: string }).email;
}
