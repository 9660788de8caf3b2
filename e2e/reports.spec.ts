import { expect as baseExpect, type Page } from '@playwright/test';
import { openAdminAs } from './support/admin-app.ts';
import { screenshot } from './support/screens.ts';
import { test } from './support/test.ts';

/**
 * Issue 15: a student on the tutor list reports a problem with a screenshot (one part blacked out by dragging,
 * another by keyboard) and the client log; an admin finds it in /reports, reads the screenshot and the log on its
 * page and resolves it with a note; the student is told through the outbox and reads it resolved in their own
 * reports.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const STUDENT = 'student@darsak.test';

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill('Darsak2026');
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL((url) => url.pathname === next);
}

/** Drags across the middle of an element, from 20% to 60% of its width and height. */
async function dragAcross(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 4 });
  await page.mouse.up();
}

test('a student reports a problem with a screenshot and an admin resolves it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const project = testInfo.project.name;
  const title = `قائمة المعلمين لا تتحدث (${project} ${Date.now()})`;

  await signIn(page, STUDENT, '/tutors');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'قائمة الحساب' }).click();
  await page.getByRole('button', { name: 'الإبلاغ عن مشكلة' }).click();

  const dialog = page.getByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  await expect(dialog).toBeVisible();
  // Sending without a title or description is refused on the form, in Arabic.
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(dialog.getByText('هذا الحقل مطلوب.').first()).toBeVisible();

  await dialog.getByLabel(/^العنوان/).fill(title);
  await dialog.getByLabel(/^الوصف/).fill('فتحت صفحة المعلمين ولم تظهر الأوقات الجديدة حتى أعدت التحميل.');
  const preview = dialog.getByRole('img', { name: 'صورة الشاشة التي ستُرسل، والأجزاء المغطاة بالأسود' });
  await expect(preview).toBeVisible();
  await dragAcross(page, '[data-testid="screenshot-covers"]');
  await expect(dialog.getByRole('button', { name: 'إزالة غطاء ١' })).toBeVisible();
  // A click (or tap) on a drawn cover picks it for the arrow keys.
  const drawn = dialog.getByRole('button', { name: 'غطاء ١', exact: true });
  await drawn.click();
  await expect(drawn).toBeFocused();
  // A second cover by keyboard: added in the middle and focused, then moved up and to the left with the arrows.
  await dialog.getByRole('button', { name: 'إضافة غطاء' }).focus();
  await page.keyboard.press('Enter');
  const keyed = dialog.getByRole('button', { name: 'غطاء ٢', exact: true });
  await expect(keyed).toBeFocused();
  const placed = await keyed.boundingBox();
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowUp');
  const moved = await keyed.boundingBox();
  if (!placed || !moved) throw new Error('the keyboard cover is not on the page');
  expect(moved.x).toBeLessThan(placed.x);
  expect(moved.y).toBeLessThan(placed.y);
  await expect(dialog.getByRole('status')).toContainText('غطاء ٢: يبعد');
  // The dialog as the user sees it (the window, not the long page behind it).
  await page.screenshot({ path: `e2e/screenshots/${project}/reports-01-dialog.png` });
  await dialog.getByText('عرض السجل الذي سيُرسل').click();
  await expect(dialog.getByText('# app: darsak-web')).toBeVisible();

  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(page.getByText('وصل بلاغك').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The report is the student's, with both files.
  const token = await page.evaluate(() => window.localStorage.getItem('darsak.token'));
  const mine = await (
    await request.get('/api/v1/report/list', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const report = mine.list.find((r: { title: string }) => r.title === title);
  expect(report).toMatchObject({ status: 'open', page: '/tutors' });
  expect(report.screenshotUrl).toBeTruthy();
  expect(report.logUrl).toBeTruthy();

  // An admin, in a second browser, finds it and resolves it.
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const adminContext = await browser.newContext({ viewport, locale: 'ar-EG', timezoneId: 'Africa/Cairo' });
  const admin = await adminContext.newPage();
  await openAdminAs(admin, request, '/reports');
  await expect(admin.getByRole('heading', { name: 'البلاغات', level: 1 })).toBeVisible();
  await admin.getByLabel(/^بحث/).fill(title);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('مفتوح')).toBeVisible();
  await screenshot(admin, testInfo, 'reports-02-admin-list');
  await row.getByRole('link').first().click();

  await expect(admin.getByRole('heading', { name: title })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'صورة الشاشة التي أرسلها المُبلِّغ' })).toBeVisible();
  await expect(admin.getByText('darsak-web', { exact: true })).toBeVisible();
  await admin.getByLabel('الحالة الجديدة').selectOption('resolved');
  await admin.getByRole('button', { name: 'حفظ الحالة' }).click();
  await expect(admin.getByText('هذا الحقل مطلوب.')).toBeVisible();
  await admin.getByLabel(/^ملاحظة للمُبلِّغ/).fill('أصلحنا تحديث الأوقات؛ تظهر الآن دون إعادة تحميل.');
  await admin.getByRole('button', { name: 'حفظ الحالة' }).click();
  const confirm = admin.getByRole('dialog', { name: 'حفظ حالة البلاغ؟' });
  await expect(confirm.getByText('سيُخبَر المُبلِّغ')).toBeVisible();
  await confirm.getByRole('button', { name: 'حفظ الحالة' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('تم الحل').first()).toBeVisible();
  await screenshot(admin, testInfo, 'reports-03-admin-resolved');

  // The student is told, through their notification method (e-mail, WhatsApp or Telegram: the local outbox).
  await expect
    .poll(async () => {
      const outbox = await (await request.get('/dev/outbox.json?limit=200')).json();
      const notices = (outbox.list as { template: string | null; text: string }[]).filter(
        (m) => m.template === 'report-resolved',
      );
      // The title is quoted as the student typed it, digits included.
      return notices.some((m) => m.text.includes(title));
    })
    .toBe(true);
  await adminContext.close();

  // The student reads it resolved, with the team's note, in their own reports.
  await page.getByRole('button', { name: 'قائمة الحساب' }).click();
  await page.getByRole('link', { name: 'بلاغاتي' }).click();
  const mineList = page.getByRole('list', { name: 'بلاغاتي' });
  const item = mineList.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('تم الحل')).toBeVisible();
  await expect(item.getByText('ردّ الفريق: أصلحنا تحديث الأوقات؛ تظهر الآن دون إعادة تحميل.')).toBeVisible();
  await screenshot(page, testInfo, 'reports-04-my-reports');
});
