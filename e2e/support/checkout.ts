import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** From /plans: the 120-minute plan's subscribe dialog, one month, on to its checkout. */
export async function checkoutMonthOf120(page: Page): Promise<void> {
  await page
    .getByRole('article')
    .filter({ hasText: /١٢٠ دقيقة/ })
    .getByRole('button', { name: /^اشترك الآن في/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: /اشتراك شهري/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'متابعة إلى الدفع' }).click();
  await page.waitForURL(/\/checkout\/\d+\/month$/);
}

/** The gateway simulator's page of the order this checkout is waiting for (a link shown in local mode). */
export async function simulatorPage(page: Page): Promise<Page> {
  const href = await page.getByRole('link', { name: 'بوابة الدفع التجريبية' }).getAttribute('href');
  expect(href).toMatch(/^\/dev\/gateway\/pay\//);
  const gateway = await page.context().newPage();
  await gateway.goto(href ?? '');
  return gateway;
}

/** With the Fawry tab open on the checkout: a reference number, paid at the kiosk, until the checkout says so. */
export async function payAtKiosk(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'احصل على الرقم المرجعي' }).click();
  await expect(page.getByRole('heading', { name: 'في انتظار الدفع في فوري' })).toBeVisible();
  const kiosk = await simulatorPage(page);
  await kiosk.getByRole('button', { name: 'تم الدفع في منفذ فوري' }).click();
  await expect(kiosk.getByText('انتهت هذه العملية')).toBeVisible();
  await kiosk.close();
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح' })).toBeVisible({ timeout: 20_000 });
}
