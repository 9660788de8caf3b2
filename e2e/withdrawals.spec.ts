import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { screenshot } from './support/screens.ts';

/**
 * Issue 11: the demo tutor (fulfilled lessons seeded) saves an Instapay method, requests 500 EGP and edits it to
 * 400; an admin in a second browser sees it arrive live and pays it with a receipt; the tutor sees the receipt and
 * the new balance. A second request is cancelled by the tutor and the cancellation approved by the admin.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = process.env.E2E_ADMIN_URL ?? 'http://localhost:3001';
const API = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const DEMO_PASSWORD = 'Darsak2026';

/** The money text the page shows for an amount, formatted by the page's own Intl (Arabic digits, ج.م.). */
const egpText = (page: Page, piastres: number) =>
  page.evaluate(
    (value) => new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }).format(value / 100),
    piastres,
  );

async function signIn(page: Page, email: string) {
  await page.getByLabel(/^البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
}

/** The tutor's newest request in the list whose amount text is `amount` (newest first). */
const requestOf = (page: Page, amount: string): Locator =>
  page.getByRole('list', { name: 'طلبات السحب' }).getByRole('listitem').filter({ hasText: amount }).first();

/** The admin queue's row of a request, found by its amount. */
const rowOf = (page: Page, amount: string): Locator => page.getByRole('row').filter({ hasText: amount });

async function confirmIn(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a tutor withdraws earnings and an admin pays them with a receipt, live', async ({ page, browser }, testInfo) => {
  const project = testInfo.project.name;
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };

  // the tutor
  await page.goto('/login?next=%2Finvoices');
  await signIn(page, 'tutor@darsak.test');
  await page.waitForURL((url) => url.pathname === '/invoices');
  await expect(page.getByRole('heading', { name: 'الأرباح', level: 1 })).toBeVisible();
  const balanceBefore = await page.request
    .get(
      `${API}/api/v1/invoice/stats/${await page.evaluate(() => JSON.parse(localStorage.getItem('darsak.user') ?? '{}').user?.id)}`,
      {
        headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('darsak.token'))}` },
      },
    )
    .then((r) => r.json());
  expect(balanceBefore.availablePiastres).toBeGreaterThanOrEqual(60_000);
  await expect(page.getByRole('img', { name: 'الأرباح حسب الأسبوع' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'الدروس المكتملة' }).getByRole('row')).not.toHaveCount(1);
  await screenshot(page, testInfo, 'withdrawals-01-earnings');

  // the admin, in a second browser, follows the queue of pending requests
  const adminContext = await browser.newContext({ viewport, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
  const admin = await adminContext.newPage();
  await admin.goto(`${ADMIN}/login?next=%2Finvoices`);
  await signIn(admin, 'admin@darsak.test');
  await admin.waitForURL((url) => url.pathname === '/invoices');
  await admin.getByLabel('الحالة').selectOption({ label: 'قيد المراجعة' });
  await expect(admin.getByText('لا طلبات تطابق التصفية.')).toBeVisible();

  // an Instapay method saved
  await page.getByRole('button', { name: 'إضافة وسيلة' }).click();
  const methodDialog = page.getByRole('dialog');
  await methodDialog.getByLabel(/^الوسيلة/).selectOption({ label: 'إنستاباي' });
  await methodDialog.getByLabel(/^عنوان إنستاباي/).fill('ahmed');
  await methodDialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(methodDialog.getByText('عنوان إنستاباي غير صالح، مثال: name@instapay.')).toBeVisible();
  await methodDialog.getByLabel(/^عنوان إنستاباي/).fill(`ahmed_${project}@instapay`);
  await methodDialog.getByLabel('اجعلها الوسيلة الافتراضية').check();
  await screenshot(page, testInfo, 'withdrawals-02-method-dialog');
  await methodDialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(methodDialog).toBeHidden();
  await expect(page.getByText(`ahmed_${project}@instapay`).first()).toBeVisible();

  // 500 EGP requested, with the processing time shown
  const five = await egpText(page, 50_000);
  const four = await egpText(page, 40_000);
  await page.getByRole('button', { name: 'طلب سحب' }).click();
  const request = page.getByRole('dialog');
  await expect(request.getByText(/خلال ٤ إلى ٥ أيام عمل/)).toBeVisible();
  await request.getByLabel(/^المبلغ بالجنيه/).fill('99');
  await request.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(request.getByText('أقل مبلغ للسحب ١٠٠ جنيه.')).toBeVisible();
  await request.getByLabel(/^المبلغ بالجنيه/).fill('500');
  await screenshot(page, testInfo, 'withdrawals-03-request-dialog');
  await request.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(request).toBeHidden();
  await expect(requestOf(page, five).getByText('قيد المراجعة')).toBeVisible();

  // the admin sees it arrive without reloading
  await expect(rowOf(admin, five)).toBeVisible();
  await screenshot(admin, testInfo, 'withdrawals-04-admin-queue');

  // edited to 400 while pending: the edit waits for the admin, who approves it on their row
  await requestOf(page, five).getByRole('button', { name: 'تعديل' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel(/^المبلغ بالجنيه/).fill('400');
  await edit.getByRole('button', { name: 'إرسال التعديل' }).click();
  await expect(edit).toBeHidden();
  await rowOf(admin, five).getByRole('button', { name: 'اعتماد التعديل' }).click();
  const approval = admin.getByRole('dialog');
  await expect(approval.getByText(/٤٠٠/)).toBeVisible();
  await approval.getByRole('button', { name: 'تأكيد' }).click();
  await expect(approval).toBeHidden();
  await expect(requestOf(page, four).getByText('قيد المراجعة')).toBeVisible();
  await expect(rowOf(admin, four)).toBeVisible();

  // fulfilled with a receipt image, uploaded in the receipt dialog
  const receipt = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#e2f3ef' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><text x="50" y="120" font-size="48" fill="#0f766e">Instapay receipt 400 EGP</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await rowOf(admin, four)
    .getByRole('button', { name: /^تم التحويل/ })
    .click();
  const fulfil = admin.getByRole('dialog');
  await fulfil
    .getByLabel(/صورة الإيصال/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
  await screenshot(admin, testInfo, 'withdrawals-05-admin-receipt-dialog');
  await fulfil.getByRole('button', { name: 'تأكيد' }).click();
  await expect(fulfil).toBeHidden();
  await expect(admin.getByText('لا طلبات تطابق التصفية.')).toBeVisible();

  // the tutor sees it paid, the receipt, and the new balance
  await expect(requestOf(page, four).getByText('تم التحويل')).toBeVisible();
  await expect(page.getByRole('img', { name: /إيصال تحويل طلب السحب رقم/ }).first()).toBeVisible();
  const available = await egpText(page, balanceBefore.availablePiastres - 40_000);
  await expect(page.getByRole('definition').filter({ hasText: available }).first()).toBeVisible();
  await screenshot(page, testInfo, 'withdrawals-06-paid-with-receipt');

  // a second request, cancelled by the tutor, the cancellation approved by the admin
  const two = await egpText(page, 20_000);
  await page.getByRole('button', { name: 'طلب سحب' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^المبلغ بالجنيه/)
    .fill('200');
  await page.getByRole('dialog').getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(requestOf(page, two).getByText('قيد المراجعة')).toBeVisible();
  await requestOf(page, two).getByRole('button', { name: 'إلغاء الطلب' }).click();
  await confirmIn(page, 'اطلب الإلغاء');
  await expect(requestOf(page, two).getByText('بانتظار الموافقة على الإلغاء')).toBeVisible();

  await admin.getByLabel('الحالة').selectOption({ label: 'طلب إلغاء' });
  await expect(rowOf(admin, two)).toBeVisible();
  await screenshot(admin, testInfo, 'withdrawals-07-admin-cancellation');
  await rowOf(admin, two)
    .getByRole('button', { name: /^الموافقة على الإلغاء/ })
    .click();
  await confirmIn(admin, 'تأكيد');
  await expect(admin.getByText('لا طلبات تطابق التصفية.')).toBeVisible();

  await expect(requestOf(page, two).getByText('أُلغي بطلبك')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: available }).first()).toBeVisible();
  await screenshot(page, testInfo, 'withdrawals-08-cancelled');
  await adminContext.close();
});
