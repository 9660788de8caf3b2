import type { APIRequestContext, Page } from '@playwright/test';
import { checkoutMonthOf120, payAtKiosk, simulatorPage } from './support/checkout.ts';
import { takeTour } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * Buying minutes with the local gateway simulator (DESIGN §5): its pay page stands in for the bank's 3-D Secure
 * step, the wallet app and the Fawry kiosk, and it calls back the same webhook the real providers use.
 */

const PASSWORD = 'Darsak2026pay';

// each journey crosses the app, the gateway's pages and back several times
test.describe.configure({ timeout: 120_000 });

/** A fresh student per journey, so journeys never meet an active subscription left by another. */
async function newStudent(
  request: APIRequestContext,
  tag: string,
): Promise<{ email: string; phone: string; token: string; id: number }> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `pay-${tag}-${unique}@darsak.test`;
  const phone = `010${unique.slice(-8)}`;
  const response = await request.post('/api/v1/user/', {
    data: { role: 'student', name: 'منى سعيد', email, password: PASSWORD, phone },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token, user } = await response.json();
  await takeTour(request, token);
  return { email, phone, token, id: user.id };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL((url) => url.pathname === next);
}

/** The 120-minute plan's subscribe dialog, one month, on to the checkout. */
async function chooseMonthOf120(page: Page, testInfo: Parameters<typeof screenshot>[1]) {
  const card = page.getByRole('article').filter({ hasText: /١٢٠ دقيقة/ });
  await expect(card).toBeVisible();
  await screenshot(page, testInfo, 'payments-01-plans');
  await card.getByRole('button', { name: /^اشترك الآن في/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /اشتراك شهري/ }).check();
  await screenshot(page, testInfo, 'payments-02-subscribe-dialog');
  await dialog.getByRole('button', { name: 'متابعة إلى الدفع' }).click();
  await page.waitForURL(/\/checkout\/\d+\/month$/);
  await expect(page.getByRole('heading', { name: 'ملخص الطلب' })).toBeVisible();
}

test('a student buys the 120-minute plan for a month by card and sees the minutes', async ({
  page,
  request,
}, testInfo) => {
  const { email } = await newStudent(request, 'card');
  await signIn(page, email, '/plans');
  await chooseMonthOf120(page, testInfo);
  await expect(page.getByText('اشتراك شهري (٤ أسابيع)')).toBeVisible();
  await expect(page.getByText('لا توجد بطاقات محفوظة بعد')).toBeVisible();
  await screenshot(page, testInfo, 'payments-03-checkout-card');

  // add a card on the provider's tokenization page; it returns to /card-added, which leads back here
  await page.getByRole('button', { name: 'إضافة بطاقة' }).click();
  await page.waitForURL(/\/dev\/gateway\/card-token/);
  await page.getByRole('button', { name: 'حفظ البطاقة' }).click();
  await page.waitForURL(/\/card-added/);
  await expect(page.getByRole('heading', { name: 'تمت إضافة البطاقة' })).toBeVisible();
  await screenshot(page, testInfo, 'payments-04-card-added');
  await page.getByRole('link', { name: 'العودة إلى الدفع' }).click();
  await page.waitForURL(/\/checkout\/\d+\/month$/);

  // pay with the saved card; the bank asks for 3-D Secure, then sends the browser back
  await expect(page.getByRole('radio', { name: /تنتهي بـ 4242/ })).toBeChecked();
  await page.getByLabel(/رمز التحقق \(CVV\)/).fill('123');
  // the saved card's form (Paymob's page, for a card not saved, is offered beside it)
  const pay = page.getByRole('form', { name: 'بطاقة بنكية' }).getByRole('button', { name: /^ادفع/ });
  await expect(pay).toContainText('١٬١٠٠');
  await pay.dblclick(); // a double click is one payment: one idempotency key, one transaction
  await page.waitForURL(/\/dev\/gateway\/pay\//);
  await expect(page.getByText('رمز التحقق (3-D Secure)')).toBeVisible();
  await page.getByRole('button', { name: 'تأكيد الدفع' }).click();
  await page.waitForURL(/\/checkout\/\d+\/month\?transactionId=\d+/);
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح' })).toBeVisible();
  await screenshot(page, testInfo, 'payments-05-success');

  // the subscription's minutes, and exactly one payment
  await page.goto('/payments');
  await expect(page.getByText('١٢٠ دقيقة من ١٢٠ دقيقة')).toBeVisible();
  const payments = page.getByRole('list', { name: 'المدفوعات' }).getByRole('listitem');
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText('تم');
  await screenshot(page, testInfo, 'payments-06-history');

  // the cancellation terms are told before anything is confirmed: the whole price back, no lesson taken yet
  await page.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
  const terms = page.getByRole('dialog', { name: 'إلغاء الاشتراك؟' });
  await expect(terms).toContainText('إن ألغيته الآن يُرد لك');
  await expect(terms).toContainText('ودروسك فيه حتى الآن ٠ درس');
  await screenshot(page, testInfo, 'payments-06b-cancel-terms');
  await terms.getByRole('button', { name: 'الإبقاء على الاشتراك' }).click();
  await expect(terms).toBeHidden();
});

test('a cash reference expires and the student pays again by e-wallet', async ({ page, request }, testInfo) => {
  const { email } = await newStudent(request, 'cash');
  await signIn(page, email, '/plans');
  await chooseMonthOf120(page, testInfo);

  // a reference number to pay at a Fawry kiosk
  await page.getByRole('tab', { name: 'الدفع في فوري' }).click();
  await page.getByRole('button', { name: 'احصل على الرقم المرجعي' }).click();
  await expect(page.getByRole('heading', { name: 'في انتظار الدفع في فوري' })).toBeVisible();
  const reference = (await page.locator('p[dir="ltr"]').first().textContent())?.trim() ?? '';
  expect(reference).toMatch(/^\d{6,}$/);
  await expect(page.getByRole('button', { name: 'نسخ الرقم' })).toBeVisible();
  await screenshot(page, testInfo, 'payments-07-cash-reference');

  // nobody pays: the simulator lets the time run out, and the waiting page learns it by itself
  const kiosk = await simulatorPage(page);
  await expect(kiosk.getByLabel('الرقم المرجعي')).toHaveText(reference);
  await kiosk.getByRole('button', { name: 'دع المهلة تنتهي' }).click();
  await expect(kiosk.getByText('انتهت هذه العملية')).toBeVisible();
  await kiosk.close();
  await expect(page.getByRole('heading', { name: 'لم يتم الدفع' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('انتهت مهلة الدفع')).toBeVisible();
  await screenshot(page, testInfo, 'payments-08-cash-expired');

  // retry by e-wallet: the wallet approves the request and the page turns to success on its own
  await page.getByRole('button', { name: 'حاول مرة أخرى' }).click();
  await page.getByRole('tab', { name: 'محفظة إلكترونية' }).click();
  await page.getByLabel(/رقم المحفظة/).fill('01011112222');
  await page.getByRole('button', { name: 'أرسل طلب الدفع' }).click();
  await expect(page.getByRole('heading', { name: 'في انتظار موافقتك من المحفظة' })).toBeVisible();
  await screenshot(page, testInfo, 'payments-09-wallet-waiting');
  const wallet = await simulatorPage(page);
  await expect(wallet.getByText('01011112222')).toBeVisible();
  await wallet.getByRole('button', { name: 'الموافقة على الطلب' }).click();
  // closing a page while its form post is still in flight can hang Chromium: wait for the answer first
  await expect(wallet.getByText('انتهت هذه العملية')).toBeVisible();
  await wallet.close();
  await expect(page.getByRole('heading', { name: 'تم الدفع بنجاح' })).toBeVisible({ timeout: 20_000 });
  await screenshot(page, testInfo, 'payments-10-wallet-success');

  // the history: the expired reference (with a retry) and the paid wallet payment
  await page.goto('/payments');
  const payments = page.getByRole('list', { name: 'المدفوعات' }).getByRole('listitem');
  await expect(payments).toHaveCount(2);
  await expect(payments.nth(0)).toContainText('محفظة إلكترونية');
  await expect(payments.nth(0)).toContainText('تم');
  await expect(payments.nth(1)).toContainText('انتهت المهلة');
  await expect(page.getByText('١٢٠ دقيقة من ١٢٠ دقيقة')).toBeVisible();
  await screenshot(page, testInfo, 'payments-11-history');
});

test('a second tab finds the open cash reference; the student cancels it there and pays by e-wallet', async ({
  page,
  request,
}, testInfo) => {
  const { email } = await newStudent(request, 'tabs');
  await signIn(page, email, '/plans');
  await chooseMonthOf120(page, testInfo);
  const checkout = page.url();

  // the first tab takes a cash reference and leaves it unpaid
  await page.getByRole('tab', { name: 'الدفع في فوري' }).click();
  await page.getByRole('button', { name: 'احصل على الرقم المرجعي' }).click();
  await expect(page.getByRole('heading', { name: 'في انتظار الدفع في فوري' })).toBeVisible();
  const reference = (await page.locator('p[dir="ltr"]').first().textContent())?.trim() ?? '';

  // a second tab of the same checkout tries the wallet: one open payment at a time, so it is shown instead
  const second = await page.context().newPage();
  await second.goto(checkout);
  await second.getByRole('tab', { name: 'محفظة إلكترونية' }).click();
  await second.getByLabel(/رقم المحفظة/).fill('01011112222');
  await second.getByRole('button', { name: 'أرسل طلب الدفع' }).click();
  const panel = second.getByRole('region', { name: 'لديك دفعة لم تكتمل بعد' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(reference);
  await expect(panel).toContainText('رقم مرجعي (فوري)');
  await expect(panel.getByRole('link', { name: 'متابعة الدفعة' })).toBeVisible();
  await screenshot(second, testInfo, 'payments-12-open-payment');

  // cancel it after the confirmation; the wallet payment goes ahead and the first tab learns of the cancellation
  await panel.getByRole('button', { name: 'إلغاء الدفعة والمتابعة' }).click();
  const confirm = second.getByRole('dialog', { name: 'إلغاء الدفعة السابقة؟' });
  await expect(confirm).toContainText(reference);
  await screenshot(second, testInfo, 'payments-13-open-payment-cancel');
  await confirm.getByRole('button', { name: 'نعم، ألغِها وتابع' }).click();
  await expect(second.getByRole('heading', { name: 'في انتظار موافقتك من المحفظة' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'لم يتم الدفع' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('أُلغيت عملية الدفع')).toBeVisible();

  // the history: the waiting wallet payment and the cancelled reference, each saying what it buys
  await second.goto('/payments');
  const payments = second.getByRole('list', { name: 'المدفوعات' }).getByRole('listitem');
  await expect(payments).toHaveCount(2);
  await expect(payments.nth(0)).toContainText('١٢٠ دقيقة أسبوعيًا، شهر');
  await expect(payments.nth(0)).toContainText('قيد الانتظار');
  await expect(payments.nth(1)).toContainText('ملغي');
  await screenshot(second, testInfo, 'payments-14-history-open-and-cancelled');
});

test('an invited student starts the free trial (refused while a payment is open), then buys a month that replaces it', async ({
  page,
  request,
}, testInfo) => {
  const student = await newStudent(request, 'trial');
  const admin = await request.post('/api/v1/auth/password', {
    data: { email: 'admin@darsak.test', password: 'Darsak2026' },
  });
  expect(admin.status(), await admin.text()).toBe(200);
  const plans: Array<{ id: number; weeklyMinutes: number }> = (await (await request.get('/api/v1/plan/list')).json())
    .list;
  const starter = plans.find((plan) => plan.weeklyMinutes === 60);
  const invited = await request.post('/api/v1/plan-invite', {
    headers: bearer((await admin.json()).token),
    data: { planId: starter?.id, userId: student.id },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  // an unpaid cash reference: the trial waits until it is paid or cancelled
  const open = await request.post('/api/v1/fawry/pay/ref-num', {
    headers: bearer(student.token),
    data: { planId: starter?.id, period: 'month', idempotencyKey: `e2e-trial-${Date.now()}` },
  });
  expect(open.status(), await open.text()).toBe(201);

  await signIn(page, student.email, '/plans');
  const card = page.getByRole('article').filter({ hasText: 'تجربة مجانية متاحة لك' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('٦٠ دقيقة أسبوعيًا');
  await screenshot(page, testInfo, 'payments-15-trial-card');

  await card.getByRole('button', { name: /ابدأ التجربة المجانية/ }).click();
  const dialog = page.getByRole('dialog', { name: /تجربة مجانية/ });
  await expect(dialog).toContainText('مفتوحة بلا تاريخ انتهاء');
  await expect(dialog).toContainText('مجانًا، بلا دفع ولا بطاقة');
  await screenshot(page, testInfo, 'payments-16-trial-dialog');
  await dialog.getByRole('button', { name: 'ابدأ التجربة المجانية' }).click();
  await expect(dialog.getByRole('alert')).toContainText('لديك دفعة لم تكتمل بعد');
  await screenshot(page, testInfo, 'payments-17-trial-payment-open');

  // the alert's link leads to the payments, where the open reference is cancelled
  await dialog.getByRole('link', { name: 'مدفوعاتي' }).click();
  await page.waitForURL(/\/payments$/);
  await page.getByRole('button', { name: 'إلغاء الدفع' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'نعم، ألغِ الدفع' }).click();
  await expect(page.getByText('ملغي')).toBeVisible();

  await page.goto('/plans');
  await card.getByRole('button', { name: /ابدأ التجربة المجانية/ }).click();
  await dialog.getByRole('button', { name: 'ابدأ التجربة المجانية' }).click();
  await page.waitForURL(/\/s\/dashboard$/);
  await expect(page.getByText('بدأت تجربتك المجانية').first()).toBeVisible();
  await expect(page.getByTestId('remaining-minutes')).toContainText('٦٠');
  await screenshot(page, testInfo, 'payments-18-trial-dashboard');

  // on the trial: the subscription has no end date, and the paid plans stay open to buy
  await page.goto('/payments');
  await expect(page.getByText('تجربة مجانية بلا تاريخ انتهاء')).toBeVisible();
  await screenshot(page, testInfo, 'payments-19-trial-subscription');
  await page.getByRole('link', { name: 'اشترك في باقة مدفوعة' }).click();
  await page.waitForURL(/\/plans$/);
  await expect(page.getByText(/أنت في تجربة مجانية \(٦٠ دقيقة أسبوعيًا\) بلا تاريخ انتهاء/)).toBeVisible();
  await screenshot(page, testInfo, 'payments-20-plans-on-trial');

  // a month of the 120-minute plan by cash reference: paid, it replaces the trial
  await checkoutMonthOf120(page);
  await expect(page.getByText('ستنتهي تجربتك المجانية عند تأكيد الدفع', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'الدفع في فوري' }).click();
  await screenshot(page, testInfo, 'payments-21-checkout-ends-trial');
  await payAtKiosk(page);

  await page.goto('/payments');
  await expect(page.getByText('١٢٠ دقيقة من ١٢٠ دقيقة')).toBeVisible();
  await expect(page.getByText('اشتراك شهري')).toBeVisible();
  await expect(page.getByText('تجربة مجانية بلا تاريخ انتهاء')).toBeHidden();
  await screenshot(page, testInfo, 'payments-22-trial-replaced');
});
