import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, inviteTokenFor, openAdminAs, signInToAdmin } from './support/admin-app.ts';
import { signInApi, takeTour } from './support/people.ts';
import { screenshot } from './support/screens.ts';

/**
 * Issue 12's staff journeys: an admin invites a tutor manager who registers from the e-mailed link and enters
 * the admin app with that role only; an admin disables a user whose open session ends at once; an admin finds a
 * student and refunds a payment, which the student sees on /payments in another browser.
 */
test.describe.configure({ timeout: 150_000 });

const DEMO_PASSWORD = 'Darsak2026';
const PASSWORD = 'Journey2026';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A fresh student per journey and project. */
async function newStudent(request: APIRequestContext, tag: string) {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `staff-${tag}-${unique}@example.com`;
  const response = await request.post('/api/v1/user/', {
    data: { role: 'student', name: 'كريم حسن', email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token, user } = await response.json();
  await takeTour(request, token);
  return { email, token, id: user.id as number };
}

/** A month of the 120-minute plan bought by cash reference, paid at the local gateway's "kiosk". */
async function buyAMonth(request: APIRequestContext, student: { token: string; email: string }) {
  const plans: Array<{ id: number; weeklyMinutes: number }> = (await (await request.get('/api/v1/plan/list')).json())
    .list;
  const plan = plans.find((p) => p.weeklyMinutes === 120);
  const checkout = await request.post('/api/v1/fawry/pay/ref-num', {
    headers: bearer(student.token),
    data: { planId: plan?.id, period: 'month', idempotencyKey: `e2e-refund-${Date.now()}` },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { transaction } = await checkout.json();
  const paid = await request.post(`/dev/gateway/pay/${transaction.merchantRefNum}`, {
    form: { action: 'pay' },
  });
  expect(paid.status()).toBeLessThan(400);
  return transaction.id as number;
}

/** Waits for loading to end, checks the page is Arabic right to left without sideways scroll, then saves it. */
async function shoot(page: Page, testInfo: Parameters<typeof screenshot>[1], step: string) {
  await expect(page.getByRole('status', { name: /جارٍ التحميل|جارٍ تحميل/ })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, step);
}

/** /users → search → the person's page. */
async function openUser(page: Page, email: string, name: string) {
  await page.goto(`${ADMIN}/users`);
  await page.getByLabel(/^بحث/).fill(email);
  const table = page.getByRole('table', { name: 'المستخدمون' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin invites a tutor manager, who registers from the link and enters the admin app with that role only', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = `manager-${testInfo.project.name}-${Date.now()}@example.com`;
  await signInToAdmin(page, 'admin@darsak.test', DEMO_PASSWORD, '/invites');
  await expect(page.getByRole('heading', { level: 1, name: 'الدعوات' })).toBeVisible();
  await shoot(page, testInfo, 'staff-01-invites');

  await page.getByRole('button', { name: 'دعوة جديدة' }).click();
  const dialog = page.getByRole('dialog', { name: 'دعوة جديدة' });
  // An admin is not offered the admin roles.
  await expect(dialog.getByLabel(/^الدور/).locator('option')).toHaveText([
    'معلّم',
    'طالب',
    'مدير المعلّمين',
    'الاستوديو',
  ]);
  await dialog.getByLabel(/^البريد الإلكتروني/).fill(email);
  await dialog.getByLabel(/^الدور/).selectOption({ label: 'مدير المعلّمين' });
  await shoot(page, testInfo, 'staff-02-invite-dialog');
  await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('بانتظار التسجيل');
  await expect(row).toContainText('مدير المعلّمين');
  await shoot(page, testInfo, 'staff-03-invite-sent');

  // The invitee opens the e-mailed link in their own browser.
  const token = await inviteTokenFor(request, email);
  const invitee = await browser.newContext({
    viewport: page.viewportSize(),
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const link = await invitee.newPage();
  await link.goto(`/invite/${token}`);
  await expect(link.getByText('دعاك مشرف المنصة للانضمام بدور «مدير المعلّمين».')).toBeVisible();
  await expect(link.getByLabel(/^البريد الإلكتروني/)).toHaveValue(email);
  await shoot(link, testInfo, 'staff-04-invite-link');
  await link.getByLabel(/^الاسم بالعربية/).fill('هالة سمير');
  await link.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await link.getByLabel(/^تأكيد كلمة المرور/).fill(PASSWORD);
  await link.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(link.getByText('أُنشئ حسابك بدور «مدير المعلّمين».')).toBeVisible();
  await shoot(link, testInfo, 'staff-05-invite-registered');

  // The link works once.
  await link.goto(`/invite/${token}`);
  await expect(link.getByText('استُخدمت هذه الدعوة من قبل')).toBeVisible();
  await shoot(link, testInfo, 'staff-06-invite-used');

  // In the admin app: the tutor manager's own pages only.
  const admin = await invitee.newPage();
  await signInToAdmin(admin, email, PASSWORD);
  await expect(admin.getByRole('heading', { name: /^مرحبًا / })).toBeVisible();
  const nav = admin
    .getByRole('navigation')
    .filter({ has: admin.getByRole('link', { name: 'إعدادات حسابي' }) })
    .first();
  if (testInfo.project.name === 'phone') await admin.getByRole('button', { name: 'القائمة' }).click();
  await expect(nav.getByRole('link')).toHaveText(['نظرة عامة', 'المقابلات', 'إعدادات حسابي']);
  await shoot(admin, testInfo, 'staff-07-manager-admin-app');
  await admin.goto(`${ADMIN}/users`);
  await expect(admin.getByRole('heading', { name: 'هذه الصفحة ليست لحسابك' })).toBeVisible();
  await invitee.close();

  // The invite now shows as used.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('استُخدمت');
});

test('an admin disables a student whose open session is signed out at once', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const student = await newStudent(request, 'disable');
  const session = await browser.newContext({
    viewport: page.viewportSize(),
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const web = await session.newPage();
  await web.goto('/login?next=%2Fs%2Fdashboard');
  await web.getByLabel(/البريد الإلكتروني/).fill(student.email);
  await web.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await web.getByRole('button', { name: 'دخول' }).click();
  await web.waitForURL(/\/s\/dashboard$/);

  await openAdminAs(page, request, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'المستخدمون' })).toBeVisible();
  await shoot(page, testInfo, 'staff-08-users');
  await openUser(page, student.email, 'كريم حسن');
  await shoot(page, testInfo, 'staff-09-user');

  await page.getByRole('button', { name: 'تعطيل الحساب' }).click();
  const dialog = page.getByRole('dialog', { name: 'تعطيل حساب كريم حسن؟' });
  await dialog.getByLabel(/^السبب/).fill('بلاغ عن إساءة في المحادثة');
  await shoot(page, testInfo, 'staff-10-disable-dialog');
  await dialog.getByRole('button', { name: 'تعطيل الحساب' }).click();
  await expect(page.getByText(/^معطّل منذ/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'سجل تغييرات الحساب' })).toContainText('بلاغ عن إساءة في المحادثة');
  await shoot(page, testInfo, 'staff-11-user-disabled');

  // The student's open page is signed out by itself, without a click or a reload.
  await web.waitForURL(/\/login/, { timeout: 15_000 });
  await shoot(web, testInfo, 'staff-12-student-signed-out');
  await session.close();
  const signIn = () => request.post('/api/v1/auth/password', { data: { email: student.email, password: PASSWORD } });
  expect((await signIn()).ok()).toBe(false);

  // Re-enabled, with a reason: the student can sign in again.
  await page.getByRole('button', { name: 'إعادة تفعيل الحساب' }).click();
  const enable = page.getByRole('dialog', { name: 'إعادة تفعيل حساب كريم حسن؟' });
  await enable.getByLabel(/^السبب/).fill('راجعنا البلاغ ولم تثبت الإساءة');
  await enable.getByRole('button', { name: 'إعادة تفعيل الحساب' }).click();
  await expect(page.getByText('أُعيد تفعيل الحساب.').first()).toBeVisible();
  await expect(page.getByText(/^معطّل منذ/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'تعطيل الحساب' })).toBeVisible();
  expect((await signIn()).status()).toBe(200);
});

test('the super admin changes a student’s role, which the account then has', async ({ page, request }, testInfo) => {
  const student = await newStudent(request, 'role');
  await openAdminAs(page, request, '/users', { as: 'superadmin@darsak.test' });
  await openUser(page, student.email, 'كريم حسن');
  await page.getByRole('button', { name: 'تغيير الدور' }).click();
  const dialog = page.getByRole('dialog', { name: 'تغيير دور كريم حسن' });
  await dialog.getByLabel(/^الدور/).selectOption({ label: 'معلّم' });
  await dialog.getByLabel(/^السبب/).fill('سجّل بالخطأ كطالب وهو معلّم');
  await shoot(page, testInfo, 'staff-12a-change-role');
  await dialog.getByRole('button', { name: 'تغيير الدور' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('أصبح الدور: معلّم.').first()).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^معلّم$/ })).toBeVisible();
  // Read back: the account signs in as a tutor.
  const signedIn = await request.post('/api/v1/auth/password', { data: { email: student.email, password: PASSWORD } });
  expect((await signedIn.json()).user.role).toBe(3);
});

test('an admin finds a student and refunds a payment, which the student sees on /payments', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const student = await newStudent(request, 'refund');
  await buyAMonth(request, student);
  await openAdminAs(page, request, '/users');
  await openUser(page, student.email, 'كريم حسن');
  const payments = page.getByRole('table', { name: 'المدفوعات' });
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments).toContainText('مدفوعة');
  await shoot(page, testInfo, 'staff-13-user-payments');

  await payments.getByRole('button', { name: /^استرداد الدفعة/ }).click();
  const dialog = page.getByRole('dialog', { name: /^استرداد الدفعة/ });
  await dialog.getByLabel(/^السبب/).fill('طلب الطالب الإلغاء قبل أول درس');
  await shoot(page, testInfo, 'staff-14-refund-dialog');
  await dialog.getByRole('button', { name: 'استرداد المبلغ' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(payments).toContainText('مستردة');
  await shoot(page, testInfo, 'staff-15-refunded');

  // The student, in another browser, sees it.
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const web = await context.newPage();
  await web.goto('/login?next=%2Fpayments');
  await web.getByLabel(/البريد الإلكتروني/).fill(student.email);
  await web.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await web.getByRole('button', { name: 'دخول' }).click();
  await web.waitForURL(/\/payments$/);
  await expect(web.getByRole('list', { name: 'المدفوعات' }).getByRole('listitem').first()).toContainText('مسترد');
  await shoot(web, testInfo, 'staff-16-student-payments');
  await context.close();
});

test('an admin manages topics and reads the audit log', async ({ page, request }, testInfo) => {
  await openAdminAs(page, request, '/topics');
  await expect(page.getByRole('heading', { level: 1, name: 'الموضوعات' })).toBeVisible();
  const stamp = `${testInfo.project.name === 'phone' ? 1 : 2}${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'موضوع جديد' }).click();
  const create = page.getByRole('dialog', { name: 'موضوع جديد' });
  await create.getByLabel(/^الاسم بالعربية/).fill(`السفر ${stamp}`);
  await create.getByLabel(/^الاسم بالإنجليزية/).fill(`Travel ${stamp}`);
  await create.getByRole('button', { name: 'حفظ' }).click();
  await page.getByLabel(/^ابحث في الموضوعات/).fill(stamp);
  const row = page.getByRole('row').filter({ hasText: `السفر ${stamp}` });
  await expect(row).toHaveCount(1);
  await shoot(page, testInfo, 'staff-17-topics');
  await row.getByRole('button', { name: /^إعادة التسمية/ }).click();
  const rename = page.getByRole('dialog', { name: 'إعادة التسمية' });
  await rename.getByLabel(/^الاسم بالعربية/).fill(`الرحلات ${stamp}`);
  await rename.getByRole('button', { name: 'حفظ' }).click();
  const renamed = page.getByRole('row').filter({ hasText: `الرحلات ${stamp}` });
  await renamed.getByRole('button', { name: /^حذف/ }).click();
  await page.getByRole('dialog', { name: 'حذف هذا الموضوع؟' }).getByRole('button', { name: 'حذف' }).click();
  await expect(page.getByRole('row').filter({ hasText: stamp })).toHaveCount(0);

  await page.goto(`${ADMIN}/audit-log`);
  const log = page.getByRole('table', { name: 'التغييرات' });
  await expect(log).toContainText(`الرحلات ${stamp}`);
  await expect(log).toContainText('إعادة تسمية موضوع');
  await shoot(page, testInfo, 'staff-18-audit-log');

  await page.goto(`${ADMIN}/user-settings`);
  await expect(page.getByRole('heading', { name: 'بياناتي' })).toBeVisible();
  await shoot(page, testInfo, 'staff-19-user-settings');
});

test('an admin revokes an invite, whose link then no longer works', async ({ page, request }, testInfo) => {
  const email = `revoked-${testInfo.project.name}-${Date.now()}@example.com`;
  const admin = await signInApi(request, 'admin@darsak.test');
  const invited = await request.post('/api/v1/invite', { headers: bearer(admin.token), data: { email, role: 4 } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = await inviteTokenFor(request, email);

  await openAdminAs(page, request, '/invites');
  await page.getByLabel(/^ابحث بالبريد الإلكتروني/).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('بانتظار التسجيل');
  await row.getByRole('button', { name: `إلغاء الدعوة إلى ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'إلغاء هذه الدعوة؟' });
  await expect(dialog).toContainText(email);
  await shoot(page, testInfo, 'staff-06a-revoke-invite');
  await dialog.getByRole('button', { name: 'إلغاء الدعوة' }).click();
  await expect(page.getByText('أُلغيت الدعوة.').first()).toBeVisible();
  await expect(row).toContainText('أُلغيت');

  await page.goto(`/invite/${token}`);
  await expect(page.getByText('أُلغيت هذه الدعوة. اطلب دعوة جديدة من فريق درسك إن كنت تحتاجها.')).toBeVisible();
});

test('an admin edits a plan and a coupon on /plans', async ({ page, request }, testInfo) => {
  const stamp = `${testInfo.project.name === 'phone' ? 1 : 2}${Date.now() % 100_000}`;
  const headers = bearer((await signInApi(request, 'admin@darsak.test')).token);
  // An inactive plan and a coupon of this journey's own, so no student and no other journey meets them.
  const created = await request.post('/api/v1/plan', {
    headers,
    data: { nameAr: `باقة ${stamp}`, weeklyMinutes: 45, baseMonthPricePiastres: 30_000, state: 'inactive' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: number };
  const code = `EDIT${stamp}`;
  const coupon = await request.post('/api/v1/coupon', { headers, data: { code, discountPercent: 10 } });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const couponId = ((await coupon.json()) as { id: number }).id;
  try {
    await openAdminAs(page, request, '/plans');
    await page.getByRole('button', { name: `تعديل الباقة: باقة ${stamp}` }).click();
    const planDialog = page.getByRole('dialog', { name: 'تعديل الباقة' });
    await planDialog.getByLabel(/^الاسم بالعربية/).fill(`باقة المساء ${stamp}`);
    await planDialog.getByLabel(/^سعر الشهر الأساسي/).fill('320');
    await shoot(page, testInfo, 'staff-19a-edit-plan');
    await planDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(planDialog).toHaveCount(0);
    await expect(page.getByText('حُفظت الباقة.').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `باقة المساء ${stamp}` })).toContainText('٣٢٠');
    const savedPlan = await (await request.get(`/api/v1/plan/${plan.id}`, { headers })).json();
    expect(savedPlan).toMatchObject({ nameAr: `باقة المساء ${stamp}`, baseMonthPricePiastres: 32_000 });

    await page.getByLabel(/^بحث بالكود/).fill(code);
    await page.getByRole('button', { name: `تعديل الكود: ${code}` }).click();
    const couponDialog = page.getByRole('dialog', { name: 'تعديل الكود' });
    await couponDialog.getByLabel(/^نسبة الخصم/).fill('15');
    await couponDialog.getByLabel(/^عدد مرات الاستخدام/).fill('50');
    await shoot(page, testInfo, 'staff-19b-edit-coupon');
    await couponDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(couponDialog).toHaveCount(0);
    await expect(page.getByText('حُفظ كود الخصم.').first()).toBeVisible();
    const couponRow = page.getByRole('row').filter({ hasText: code });
    await expect(couponRow).toContainText('١٥');
    await expect(couponRow).toContainText('٠ من ٥٠');
    const savedCoupon = await (await request.get(`/api/v1/coupon/${couponId}`, { headers })).json();
    expect(savedCoupon).toMatchObject({ discountPercent: 15, usageLimit: 50 });
  } finally {
    await request.delete(`/api/v1/coupon/${couponId}`, { headers });
    await request.delete(`/api/v1/plan/${plan.id}`, { headers });
  }
});
