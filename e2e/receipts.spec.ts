import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { checkoutMonthOf120, payAtKiosk } from './support/checkout.ts';
import { takeTour } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 31: a student who pays at a Fawry kiosk finds her receipt on the payments page and downloads it through
 * the page (with her session, not a bare link); the PDF names her plan and what she paid, in Arabic.
 */

const PASSWORD = 'Darsak2026pay';

test.describe.configure({ timeout: 120_000 });

/** The PDF's text as pdf.js reads it: each word in its letters' order, a line's words as drawn. */
async function textOf(path: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

test('a student pays at a Fawry kiosk and downloads her receipt from the payments page', async ({
  page,
  request,
}, testInfo) => {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `receipt-${unique}@darsak.test`;
  const created = await request.post('/api/v1/user/', {
    data: { role: 'student', name: 'منى سعيد', email, password: PASSWORD, phone: `010${unique.slice(-8)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = await created.json();
  await takeTour(request, token);

  await page.goto('/login?next=%2Fplans');
  await page.getByLabel(/البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL((url) => url.pathname === '/plans');

  // a month of the 120-minute plan, paid in cash at the kiosk (the gateway simulator stands in for it)
  await checkoutMonthOf120(page);
  await page.getByRole('tab', { name: 'الدفع في فوري' }).click();
  await payAtKiosk(page);

  // what she bought, as the API says, to find on the receipt
  const auth = { Authorization: `Bearer ${token}` };
  const [payment] = (await (await request.get('/api/v1/tx/list?page=1&size=1', { headers: auth })).json()).list;
  expect(payment.receiptNumber).toMatch(/^DRS-\d{4}-\d{6}$/);
  const plans = (await (await request.get('/api/v1/plan/list?page=1&size=50', { headers: auth })).json()).list;
  const plan = plans.find((p: { id: number }) => p.id === payment.planId);

  await page.goto('/payments');
  const item = page.getByRole('list', { name: 'المدفوعات' }).getByRole('listitem').first();
  await expect(item).toContainText('تم');
  const button = item.getByRole('button', { name: `تنزيل الإيصال ${payment.receiptNumber}` });
  await expect(button).toBeVisible();
  await screenshot(page, testInfo, 'receipts-01-payments');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`darsak-receipt-${payment.receiptNumber}-ar.pdf`);
  const text = await textOf(await download.path());
  expect(text).toContain(payment.receiptNumber);
  expect(text).toContain('إيصال');
  expect(text).toContain('١٢٠'); // her plan's weekly minutes, in Arabic-Indic digits
  for (const word of (plan?.nameAr ?? '').split(/\s+/).filter(Boolean)) expect(text).toContain(word);
  const amount = (payment.amountPiastres / 100).toLocaleString('ar-EG', { minimumFractionDigits: 2 });
  expect(text).toContain(amount);

  // the payment's own page names the receipt and offers it too
  await item.getByRole('link').first().click();
  await expect(page.getByText(payment.receiptNumber)).toBeVisible();
  await expect(page.getByRole('button', { name: `تنزيل الإيصال ${payment.receiptNumber}` })).toBeVisible();
  await screenshot(page, testInfo, 'receipts-02-payment');
});
