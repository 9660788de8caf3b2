import { latestCode } from './support/outbox.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * Changing the e-mail (issue 9): from the settings' contact details, with the current password, then the code
 * sent to the new address; the old address is told. A session alone cannot do it.
 */
test('a student changes the e-mail with the password and a code sent to the new address', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const student = await registerPerson(request, 'student');
  const current = await request.get('/api/v1/user/current', { headers: { authorization: `Bearer ${student.token}` } });
  const oldEmail = ((await current.json()) as { email: string }).email;
  const newEmail = `moved-${oldEmail}`;
  const context = await signedInContext(browser, page, student);
  const s = await context.newPage();

  await s.goto('/s/settings');
  const card = s.locator('section').filter({ has: s.getByRole('heading', { name: 'بيانات التواصل' }) });
  await card.getByRole('button', { name: 'تغيير: البريد الإلكتروني' }).click();
  const dialog = s.getByRole('dialog', { name: 'تغيير البريد الإلكتروني' });
  await dialog.getByLabel('البريد الإلكتروني الجديد').fill(newEmail);
  await dialog.getByLabel('كلمة المرور الحالية').fill('secret123');
  await screenshot(s, testInfo, 'contact-change-01-request');
  await dialog.getByRole('button', { name: 'أرسل الكود' }).click();
  await expect(dialog.getByLabel('كود التحقق')).toBeVisible();
  await screenshot(s, testInfo, 'contact-change-02-code');
  await dialog.getByLabel('كود التحقق').fill(await latestCode(request, newEmail));
  await dialog.getByRole('button', { name: 'تأكيد' }).click();
  await expect(s.getByText('تغيّر بريدك الإلكتروني، وأخبرنا عنوانك السابق بذلك').first()).toBeVisible();
  await expect(card.getByText(newEmail)).toBeVisible();
  await screenshot(s, testInfo, 'contact-change-03-done');

  // The old address was told (a notice without a code), and the session could not have done it alone.
  const told = await request.get(`/dev/outbox.json?to=${encodeURIComponent(oldEmail)}`);
  const notices = ((await told.json()) as { list: { text: string }[] }).list;
  expect(notices.some((m) => m.text.includes('تغيّر البريد الإلكتروني'))).toBe(true);
  const bare = await request.put(`/api/v1/user/${student.user.id}`, {
    headers: { authorization: `Bearer ${student.token}` },
    data: { email: `thief-${oldEmail}` },
  });
  expect(bare.status()).toBe(403);
  await context.close();
});
