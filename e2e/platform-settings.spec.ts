import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openAdminAs } from './support/admin-app.ts';
import { type Person, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';

/**
 * Issue 12's platform settings: an admin changes the cancellation window on /platform-settings (confirming the
 * change before → after), and the demo student's booked lesson follows it at once: cancellable under a window of
 * 0 hours, no longer under one longer than the time left before it (with the late-booking grace set to none, as
 * the lesson is booked minutes before). The window and the grace are restored at the end.
 */
test.describe.configure({ timeout: 150_000 });

const DEFAULT_WINDOW_HOURS = 6;
const DEFAULT_LATE_BOOKING_GRACE_MINUTES = 10;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signInStudent(request: APIRequestContext): Promise<Person> {
  const response = await request.post('/api/v1/auth/password', {
    data: { email: 'student@darsak.test', password: 'Darsak2026' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Person;
}

/** One pending lesson at a time: what an earlier, failed run left behind is cancelled (the window is 0 then). */
async function cancelPendingLessons(request: APIRequestContext, token: string): Promise<void> {
  const upcoming = await (
    await request.get('/api/v1/lesson/list/?when=upcoming&size=100', { headers: bearer(token) })
  ).json();
  for (const lesson of upcoming.list as Array<{ id: number; status: string }>) {
    if (lesson.status === 'pending') await request.delete(`/api/v1/lesson/${lesson.id}`, { headers: bearer(token) });
  }
}

/** The student books the earliest free time of the first onboarded tutor who has one this week. */
async function bookSoonest(request: APIRequestContext, token: string): Promise<{ id: number; startsAt: string }> {
  const tutors = await (await request.get('/api/v1/user/tutor/list/onboarded?size=100&sort=soonest')).json();
  for (const tutor of tutors.list as Array<{ id: number }>) {
    const free = await (
      await request.get(`/api/v1/availability-slot/free?tutorId=${tutor.id}&durationMinutes=30`, {
        headers: bearer(token),
      })
    ).json();
    const time = free.list[0] as { startsAt: string } | undefined;
    if (!time) continue;
    const booked = await request.post('/api/v1/lesson/', {
      headers: bearer(token),
      data: { tutorId: tutor.id, startsAt: time.startsAt, durationMinutes: 30 },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return booked.json();
  }
  throw new Error('no tutor has a free time in the demo student’s week');
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

/** On /platform-settings: type the window, review the change before → after, confirm, see it saved. */
async function setWindow(page: Page, hours: number, testInfo?: Parameters<typeof screenshot>[1]) {
  const field = page.getByLabel(/^مهلة الإلغاء/);
  await field.fill(String(hours));
  await page.getByRole('button', { name: 'مراجعة التغييرات' }).click();
  const dialog = page.getByRole('dialog', { name: 'حفظ الإعدادات؟' });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('مهلة الإلغاء');
  if (testInfo) await shoot(page, testInfo, 'platform-settings-02-confirm');
  await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/آخر حفظ/)).toBeVisible();
  await expect(field).toHaveValue(String(hours));
}

test('an admin changes the cancellation window and the student’s booked lesson follows it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  await openAdminAs(page, request, '/platform-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات المنصّة' })).toBeVisible();
  await expect(page.getByLabel(/^مهلة الإلغاء/)).toHaveValue(String(DEFAULT_WINDOW_HOURS));
  await shoot(page, testInfo, 'platform-settings-01-page');
  const adminToken = await page.evaluate(() => window.localStorage.getItem('darsak.token'));
  const student = await signInStudent(request);
  let lessonId: number | undefined;
  try {
    // a lesson booked minutes ago stays cancellable for a grace period whatever the window: none here
    await request.patch('/api/v1/platform-settings', {
      headers: bearer(adminToken ?? ''),
      data: { lateBookingCancelGraceMinutes: 0 },
    });
    // a window of 0 hours: the lesson can be cancelled until it starts
    await setWindow(page, 0, testInfo);
    await cancelPendingLessons(request, student.token);
    const lesson = await bookSoonest(request, student.token);
    lessonId = lesson.id;
    const hoursLeft = (Date.parse(lesson.startsAt) - Date.now()) / 3_600_000;
    expect(hoursLeft, 'the soonest free time is within the largest window').toBeLessThan(71);

    const context = await signedInContext(browser, page, student);
    const studentPage = await context.newPage();
    await studentPage.goto(`/lesson/${lesson.id}`);
    await studentPage.getByRole('button', { name: 'إلغاء الدرس' }).click();
    const cancel = studentPage.getByRole('dialog', { name: 'إلغاء الدرس؟' });
    await expect(cancel).toContainText('الإلغاء متاح حتى');
    await shoot(studentPage, testInfo, 'platform-settings-03-cancellable');
    await cancel.getByRole('button', { name: 'الإبقاء على الدرس' }).click();

    // a window longer than the time left: the lesson can no longer be cancelled
    await setWindow(page, Math.ceil(hoursLeft) + 1);
    await studentPage.reload();
    await expect(studentPage.getByText(/انتهت مهلة الإلغاء وتغيير الموعد/)).toBeVisible();
    await expect(studentPage.getByRole('button', { name: 'إلغاء الدرس' })).toHaveCount(0);
    await shoot(studentPage, testInfo, 'platform-settings-04-uncancellable');

    // the admin flushes the cache after a confirmation
    await page.getByRole('button', { name: 'مسح الذاكرة المؤقتة' }).click();
    const flush = page.getByRole('dialog', { name: 'مسح الذاكرة المؤقتة؟' });
    await shoot(page, testInfo, 'platform-settings-05-flush-confirm');
    await flush.getByRole('button', { name: 'مسح الذاكرة المؤقتة' }).click();
    await expect(page.getByText('مُسحت الذاكرة المؤقتة.').first()).toBeVisible();
    await context.close();
  } finally {
    // other journeys find the default window and no lesson of this one
    const headers = bearer(adminToken ?? '');
    await request.patch('/api/v1/platform-settings', { headers, data: { cancellationWindowHours: 0 } });
    if (lessonId) await request.delete(`/api/v1/lesson/${lessonId}`, { headers: bearer(student.token) });
    const restored = await request.patch('/api/v1/platform-settings', {
      headers,
      data: {
        cancellationWindowHours: DEFAULT_WINDOW_HOURS,
        lateBookingCancelGraceMinutes: DEFAULT_LATE_BOOKING_GRACE_MINUTES,
      },
    });
    const values = (await restored.json()).values;
    expect(values.cancellationWindowHours).toBe(DEFAULT_WINDOW_HOURS);
    expect(values.lateBookingCancelGraceMinutes).toBe(DEFAULT_LATE_BOOKING_GRACE_MINUTES);
  }
});
