import { type Person, signedInContext, takeTour } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

interface OutboxMessage {
  channel: string;
  recipient: string;
  code: string | null;
  text: string;
}

/**
 * Telegram linking (issue 15): a student picks Telegram, links their chat through the bot's deep link (in local
 * mode the Telegram stand-in, which posts a real update to the webhook), then a phone code reaches that chat.
 */
test('a student links Telegram and receives the phone code there', async ({ browser, page, request }, testInfo) => {
  const phone = `0112${String(Date.now()).slice(-7)}`;
  const registered = await request.post('/api/v1/user/', {
    data: {
      role: 'student',
      name: 'سارة علي',
      email: `e2e-telegram-${Date.now()}@example.com`,
      password: 'secret123',
      phone,
    },
  });
  expect(registered.status()).toBe(201);
  const student = (await registered.json()) as Person;
  await takeTour(request, student.token);
  const context = await signedInContext(browser, page, student);
  const app = await context.newPage();

  await app.goto('/s/settings');
  await app.getByLabel('طريقة استلام الإشعارات').selectOption('telegram');
  await app.getByRole('button', { name: 'حفظ' }).first().click();
  await expect(app.getByText('تم الحفظ').first()).toBeVisible();
  const panel = app.locator('section').filter({ has: app.getByRole('heading', { name: 'ربط تيليجرام' }) });
  await expect(panel.getByText(/لم تربط حسابك بتيليجرام بعد/)).toBeVisible();
  await screenshot(app, testInfo, 'telegram-1-not-linked');

  // "Link Telegram" opens the bot's deep link in a new tab; the settings page waits for START.
  const opened = context.waitForEvent('page');
  await panel.getByRole('button', { name: 'ربط تيليجرام' }).click();
  const telegram = await opened;
  await telegram.waitForURL(/\/dev\/telegram\/start\?token=[\w-]{43}$/);
  await expect(panel.getByText(/بانتظار ضغطك على «ابدأ»/)).toBeVisible();
  await screenshot(app, testInfo, 'telegram-2-waiting');
  await screenshot(telegram, testInfo, 'telegram-3-bot-start');

  await telegram.getByRole('button', { name: 'ابدأ (START)' }).click();
  await telegram.waitForURL(/\/dev\/telegram\/chat\?chat=\d+$/);
  const chat = new URL(telegram.url()).searchParams.get('chat') ?? '';
  await expect(telegram.getByText(/تم ربط حسابك في درسك بتيليجرام/)).toBeVisible();
  await screenshot(telegram, testInfo, 'telegram-4-bot-linked');

  // The settings page notices by itself (it polls the link's status).
  await expect(panel.getByText(/حسابك مرتبط بتيليجرام منذ/)).toBeVisible({ timeout: 10_000 });
  await screenshot(app, testInfo, 'telegram-5-linked');

  // A phone code by Telegram now goes to the linked chat (in the outbox, as the Telegram message).
  const contact = app.locator('section').filter({ has: app.getByRole('heading', { name: 'بيانات التواصل' }) });
  // The e-mail's "verify now" comes first, the phone's last.
  await contact.getByRole('button', { name: 'تأكيد الآن' }).last().click();
  const dialog = app.getByRole('dialog', { name: 'تأكيد رقم الموبايل' });
  await dialog.getByLabel('أرسل الكود عبر').selectOption('telegram');
  await dialog.getByRole('button', { name: 'أرسل الكود' }).click();
  await expect(dialog.getByLabel('كود التحقق')).toBeVisible();
  const outbox = await request.get(`/dev/outbox.json?to=${chat}`);
  const [message] = ((await outbox.json()) as { list: OutboxMessage[] }).list;
  expect(message).toMatchObject({ channel: 'telegram', recipient: chat });
  const code = message?.code ?? '';
  expect(code).toMatch(/^\d{5}$/);
  // the bot's chat page refreshes itself every 5 s (a reload of ours could collide with it and be aborted)
  await expect(telegram.getByText(new RegExp(`كود تأكيد رقم هاتفك هو ${code}`))).toBeVisible({ timeout: 12_000 });
  await screenshot(telegram, testInfo, 'telegram-6-bot-code');

  await dialog.getByLabel('كود التحقق').fill(code);
  await dialog.getByRole('button', { name: 'تأكيد' }).click();
  await expect(app.getByText('تم تأكيد رقم موبايلك').first()).toBeVisible();
  await context.close();
});
