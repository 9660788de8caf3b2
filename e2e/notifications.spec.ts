import type { APIRequestContext } from '@playwright/test';
import { newPhone, verifyContacts } from './support/contacts.ts';
import { ensureMinutes } from './support/minutes.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect as baseExpect, test } from './support/test.ts';

/**
 * One notification policy (issue 31): a new student with a verified phone books her first lesson, is asked how to
 * be told (WhatsApp preselected), keeps WhatsApp, and her cancellation then reaches her at the local WhatsApp
 * stand-in and by e-mail; the booking, made before she chose, still reached her by e-mail.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

interface OutboxEntry {
  channel: string;
  template: string | null;
  text: string;
}

/** What the local outbox holds for an address, as a person reads it at /dev/outbox. */
async function outboxOf(request: APIRequestContext, to: string): Promise<OutboxEntry[]> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { list: OutboxEntry[] }).list;
}
const templatesOf = async (request: APIRequestContext, to: string) =>
  (await outboxOf(request, to)).map((m) => `${m.channel}:${m.template}`);

test('a new student books her first lesson, chooses WhatsApp when asked, and is told on it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const student = await registerPerson(request, 'student');
  const phone = newPhone();
  await request.put(`/api/v1/user/${student.user.id}`, {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { phone },
  });
  const email = await verifyContacts(request, student, phone);
  await ensureMinutes(request, student.token);

  const context = await signedInContext(browser, page, student);
  const tab = await context.newPage();
  await tab.goto('/tutors');
  const cards = tab.getByRole('article');
  const tutorName = ((await cards.first().getByRole('heading').textContent()) ?? '').trim();
  await cards
    .first()
    .getByRole('link', { name: `الملف والحجز مع ${tutorName}` })
    .click();
  await tab.getByRole('button', { name: 'احجز درسًا' }).click();
  const dialog = tab.getByRole('dialog', { name: `احجز درسًا مع ${tutorName}` });
  const days = dialog.locator('input[name="lesson-date"]:not([disabled])');
  await days.last().check({ force: true });
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.getByRole('radio', { name: /٣٠ دقيقة/ }).check({ force: true });
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.locator('input[name="lesson-time"]').first().check({ force: true });
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.getByRole('button', { name: 'تأكيد الحجز' }).click();

  // the prompt, with WhatsApp preselected since her phone is verified
  const prompt = dialog.getByRole('region', { name: 'كيف نبلغك بدروسك؟' });
  await expect(prompt).toBeVisible();
  const channel = prompt.getByLabel('طريقة استلام الإشعارات');
  await expect(channel).toHaveValue('whatsapp');
  await expect(prompt.getByRole('checkbox', { name: 'تذكير قبل الدرس بساعة' })).toBeChecked();
  await screenshot(tab, testInfo, 'notifications-01-prompt');
  await prompt.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByText('حفظنا اختيارك، ويمكنك تغييره من الإعدادات.')).toBeVisible();
  await screenshot(tab, testInfo, 'notifications-02-saved');

  // the booking, before she chose, reached her by e-mail (transactional: always by e-mail)
  await expect.poll(() => templatesOf(request, email)).toContain('email:lesson-booked');

  // the lesson cancelled from its page: told on WhatsApp (her choice) and by e-mail
  await dialog.getByRole('link', { name: 'عرض الدرس' }).click();
  await tab.getByRole('button', { name: 'إلغاء الدرس' }).click();
  await tab.getByRole('dialog', { name: 'إلغاء الدرس؟' }).getByRole('button', { name: 'نعم، ألغِ الدرس' }).click();
  await expect(tab.getByText('ألغاه الطالب').first()).toBeVisible();
  await expect.poll(() => templatesOf(request, phone)).toContain('whatsapp:lesson-cancelled');
  await expect.poll(() => templatesOf(request, email)).toContain('email:lesson-cancelled');
  const [cancelled] = (await outboxOf(request, phone)).filter((m) => m.template === 'lesson-cancelled');
  expect(cancelled?.text).toContain(`أُلغي درس ٣٠ دقيقة مع ${tutorName}`);

  // her settings show the choice kept
  await tab.goto('/s/settings');
  await expect(tab.getByLabel('طريقة استلام الإشعارات')).toHaveValue('whatsapp');
  await screenshot(tab, testInfo, 'notifications-03-settings');
  await context.close();
});
