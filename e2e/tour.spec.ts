import { registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

// A new student's first visit: the guided tour opens by itself, walks the pages and is remembered on the server.
test('a new student takes the tour to the end, and it does not open again', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const student = await registerPerson(request, 'student', { tour: 'untaken' });
  const context = await signedInContext(browser, page, student);
  const app = await context.newPage();
  await app.goto('/s/dashboard');

  const card = app.getByRole('dialog', { name: 'أهلًا بك في درسك' });
  // the first page of a fresh browser loads cold: on a busy machine it can take longer than the default 5 s
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('heading', { name: 'أهلًا بك في درسك' })).toBeFocused();
  await screenshot(app, testInfo, 'tour-1-welcome');

  const pages = [
    ['/tutors', 'اختر معلّمك'],
    ['/plans', 'دقائقك الأسبوعية'],
    ['/tutors', 'احجز درسك'],
    ['/upcoming-lessons', 'انضم إلى درسك'],
    ['/chat', 'تحدّث مع معلّمك'],
  ] as const;
  for (const [path, title] of pages) {
    // Keyboard only: Tab to the next button as a keyboard user would.
    await app.getByRole('dialog').getByRole('button', { name: 'التالي' }).focus();
    await app.keyboard.press('Enter');
    await expect(app).toHaveURL(new RegExp(`${path}$`));
    await expect(app.getByRole('dialog', { name: title })).toBeVisible();
    if (path === '/plans') await screenshot(app, testInfo, 'tour-3-minutes');
  }
  const remembered = app.waitForResponse(
    (r) => r.url().endsWith('/api/v1/student/tour') && r.request().method() === 'PUT',
  );
  await app.getByRole('dialog').getByRole('button', { name: 'ابدأ التعلّم' }).click();
  expect((await remembered).status()).toBe(200);
  await expect(app.getByRole('dialog')).toHaveCount(0);

  // Another visit (another device would be the same: the server remembers it).
  const state = app.waitForResponse((r) => r.url().endsWith('/api/v1/student/tour') && r.request().method() === 'GET');
  await app.goto('/s/dashboard');
  expect((await (await state).json()).completedAt).not.toBeNull();
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(app.getByRole('dialog')).toHaveCount(0);
  await context.close();
});
