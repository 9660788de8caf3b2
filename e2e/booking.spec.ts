import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ARABIC_DIGITS, bearer, ensureMinutes, remainingMinutes } from './support/minutes.ts';
import { signInApi, takeTour } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect as baseExpect, test } from './support/test.ts';

/**
 * Booking (issue 4): the seeded student finds a tutor by topic, books a 30-minute lesson, sees it upcoming with
 * the minutes deducted, cancels it and gets the minutes back; a tutor's schedule change is then blocked by a
 * booked lesson.
 */

/** Lists come from a cache that may be rebuilding after a schedule change: give screens a little longer. */
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = 'Darsak2026';
const STUDENT = 'student@darsak.test';
const TUTOR = 'tutor@darsak.test';

// The demo student has taken the guided tour: it is not these journeys' subject.
test.beforeEach(async ({ request }) => takeTour(request, (await signInApi(request, STUDENT)).token));

async function signIn(page: Page, email: string): Promise<{ token: string; userId: number }> {
  await page.goto('/login');
  await page.getByLabel(/البريد الإلكتروني/).fill(email);
  await page.getByLabel(/^كلمة المرور/).fill(PASSWORD);
  await page.getByRole('button', { name: 'دخول' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const stored = await page.evaluate(() => ({
    token: window.localStorage.getItem('darsak.token'),
    user: window.localStorage.getItem('darsak.user'),
  }));
  const parsed = JSON.parse(stored.user ?? '{}') as { user?: { id: number } };
  if (!stored.token || !parsed.user) throw new Error(`no session stored for ${email}`);
  return { token: stored.token, userId: parsed.user.id };
}

/** A journey left half-way (a failed run) must not leave a pending lesson behind: one pending lesson at a time. */
async function cancelPendingLessons(request: APIRequestContext, token: string): Promise<void> {
  const upcoming = await (
    await request.get('/api/v1/lesson/list/?when=upcoming&size=100', { headers: bearer(token) })
  ).json();
  for (const lesson of upcoming.list as Array<{ id: number; status: string }>) {
    if (lesson.status === 'pending') await request.delete(`/api/v1/lesson/${lesson.id}`, { headers: bearer(token) });
  }
}

async function newPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  return context.newPage();
}

test('a student books a 30-minute lesson by topic, cancels it, and a booked lesson blocks a schedule change', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const student = await signIn(page, STUDENT);
  await ensureMinutes(request, student.token);
  await cancelPendingLessons(request, student.token);

  const before = await remainingMinutes(page);
  expect(before).toBeGreaterThanOrEqual(30);
  await screenshot(page, testInfo, 'booking-01-dashboard');

  // find a tutor by topic
  await page.goto('/tutors');
  await expect(page.getByText(/^يظهر .+ من .*معلّم/)).toBeVisible();
  await page.getByLabel('الموضوع', { exact: true }).selectOption({ label: 'اختبار الآيلتس' });
  await expect(page).toHaveURL(/topic=\d+/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toContainText('اختبار الآيلتس');
  await screenshot(page, testInfo, 'booking-02-tutors-by-topic');
  const tutorName = ((await cards.first().getByRole('heading').textContent()) ?? '').trim();
  await cards
    .first()
    .getByRole('link', { name: `الملف والحجز مع ${tutorName}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: tutorName })).toBeVisible();
  await screenshot(page, testInfo, 'booking-03-tutor-profile');
  const profile = page.url();

  // book: date → duration → time → confirmation; the last bookable day stays clear of the cancellation window
  await page.getByRole('button', { name: 'احجز درسًا' }).click();
  const dialog = page.getByRole('dialog', { name: `احجز درسًا مع ${tutorName}` });
  const days = dialog.locator('input[name="lesson-date"]:not([disabled])');
  await expect(days.first()).toBeAttached();
  await screenshot(page, testInfo, 'booking-04-dialog-date');
  await days.last().check({ force: true });
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.getByRole('radio', { name: /٣٠ دقيقة/ }).check({ force: true });
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.locator('input[name="lesson-time"]').first().check({ force: true });
  await screenshot(page, testInfo, 'booking-05-dialog-time');
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await expect(dialog.getByText('المتبقي بعد الحجز')).toBeVisible();
  await expect(dialog.getByText('المتبقي بعد الحجز').locator('xpath=following-sibling::dd')).toHaveText(
    new RegExp(`^${String(before - 30).replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)] ?? d)} دقيقة$`),
  );
  // said before confirming: until when it can be cancelled
  await expect(
    dialog.getByText(/^يمكنك إلغاء هذا الدرس أو تغيير موعده حتى .+، وبعد ذلك لا يمكن إلغاؤه\.$/),
  ).toBeVisible();
  await screenshot(page, testInfo, 'booking-06-dialog-confirm');
  await dialog.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(dialog.getByText('تم حجز الدرس')).toBeVisible();
  await screenshot(page, testInfo, 'booking-07-booked');

  // upcoming, with the minutes deducted
  await dialog.getByRole('link', { name: 'دروسي القادمة' }).click();
  const upcoming = page.getByRole('tabpanel');
  await expect(upcoming.getByRole('link', { name: `درس مع ${tutorName}` })).toHaveCount(1);
  await expect(upcoming.getByText('محجوز')).toBeVisible();
  await expect(page.getByLabel('رابط التقويم (ICS)')).toHaveValue(/\.ics$/);
  await screenshot(page, testInfo, 'booking-08-upcoming');
  expect(await remainingMinutes(page)).toBe(before - 30);
  await screenshot(page, testInfo, 'booking-09-dashboard-deducted');

  // one pending lesson at a time: the dialog says so as it opens, with the way to that lesson
  await page.goto(profile);
  await page.getByRole('button', { name: 'احجز درسًا' }).click();
  await expect(dialog.getByText('لديك درس محجوز لم يُعقد بعد')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'عرض درسي المحجوز' })).toHaveAttribute('href', /^\/lesson\/\d+$/);
  await screenshot(page, testInfo, 'booking-09b-dialog-one-pending-lesson');

  // cancel it; the minutes come back
  await page.goto('/upcoming-lessons');
  await page
    .getByRole('tabpanel')
    .getByRole('link', { name: `درس مع ${tutorName}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `درس مع ${tutorName}` })).toBeVisible();
  await screenshot(page, testInfo, 'booking-10-lesson');
  await page.getByRole('button', { name: 'إلغاء الدرس' }).click();
  const confirm = page.getByRole('dialog', { name: 'إلغاء الدرس؟' });
  await expect(confirm).toContainText('وتعود ٣٠ دقيقة إلى رصيدك');
  await screenshot(page, testInfo, 'booking-11-cancel-confirm');
  await confirm.getByRole('button', { name: 'نعم، ألغِ الدرس' }).click();
  await expect(page.getByText('ألغاه الطالب').first()).toBeVisible();
  expect(await remainingMinutes(page)).toBe(before);
  await screenshot(page, testInfo, 'booking-12-minutes-back');

  // a tutor's schedule change that would orphan a booked lesson is refused and the lesson listed
  const tutorPage = await newPage(browser, page);
  const tutor = await signIn(tutorPage, TUTOR);
  const free = await (
    await request.get(`/api/v1/availability-slot/free?tutorId=${tutor.userId}&durationMinutes=30`, {
      headers: bearer(student.token),
    })
  ).json();
  const time = free.list.at(-1) as { startsAt: string } | undefined;
  expect(time, 'the demo tutor has a free time in the student week').toBeTruthy();
  const booked = await request.post('/api/v1/lesson/', {
    headers: bearer(student.token),
    data: { tutorId: tutor.userId, startsAt: time?.startsAt, durationMinutes: 30 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const lesson = (await booked.json()) as { id: number; startsAt: string };
  try {
    const weekday = new Intl.DateTimeFormat('ar-EG', { timeZone: 'Africa/Cairo', weekday: 'long' }).format(
      new Date(lesson.startsAt),
    );
    await tutorPage.goto('/schedule-management');
    const removeFirst = tutorPage.getByRole('button', { name: `حذف الفترة ١ يوم ${weekday}` });
    await expect(removeFirst).toBeVisible();
    while ((await removeFirst.count()) > 0) await removeFirst.click();
    await expect(tutorPage.getByRole('group', { name: `فترات يوم ${weekday}` })).toContainText(
      'لا تدريس في هذا اليوم.',
    );
    await tutorPage.getByRole('button', { name: 'حفظ الجدول' }).click();
    const notice = tutorPage.getByRole('alert');
    await expect(notice).toContainText('لا يمكن تعديل الجدول لأن التعديل سيلغي دروسًا محجوزة.');
    await expect(notice.getByRole('link')).toHaveAttribute('href', `/lesson/${lesson.id}`);
    await screenshot(tutorPage, testInfo, 'booking-13-schedule-blocked');

    // the tutor sees it in the week view
    await tutorPage.goto('/lessons-schedule');
    await expect(tutorPage.getByText(/(درس|دروس|درسان|درسًا) (واحد )?محجوز.*، .+ دقيقة/)).toBeVisible();
    const link = tutorPage.locator(`a[href="/lesson/${lesson.id}"]`);
    for (let week = 0; week < 2 && (await link.count()) === 0; week++) {
      await tutorPage.getByRole('button', { name: 'الأسبوع التالي' }).click();
      await tutorPage.waitForTimeout(300);
    }
    await expect(link).toBeVisible();
    await screenshot(tutorPage, testInfo, 'booking-14-tutor-week');
  } finally {
    await request.delete(`/api/v1/lesson/${lesson.id}`, { headers: bearer(student.token) });
    await tutorPage.context().close();
  }
});

test('a tutor who stops teaching 15-minute lessons is offered to students for 30 minutes only', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const tutor = await signIn(page, TUTOR);
  const restoreBothLengths = async () => {
    const week = await (await request.get('/api/v1/availability-slot/', { headers: bearer(tutor.token) })).json();
    const slots = week.list.map(({ weekday, startMinute, endMinute }: Record<string, number>) => ({
      weekday,
      startMinute,
      endMinute,
    }));
    const saved = await request.post('/api/v1/availability-slot/', {
      headers: bearer(tutor.token),
      data: { slots, lessonLengths: [15, 30] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await restoreBothLengths();
  const studentPage = await newPage(browser, page);
  try {
    // the tutor unticks 15 minutes and saves the week
    await page.goto('/schedule-management');
    const lengths = page.getByRole('group', { name: 'مدة الحصص' });
    await expect(lengths.getByRole('checkbox', { name: '١٥ دقيقة' })).toBeChecked();
    await lengths.getByRole('checkbox', { name: '١٥ دقيقة' }).uncheck();
    await expect(lengths.getByRole('checkbox', { name: '٣٠ دقيقة' })).toBeChecked();
    await page.getByRole('button', { name: 'حفظ الجدول' }).click();
    await expect(page.getByText('تم حفظ جدولك الأسبوعي').first()).toBeVisible();
    await screenshot(page, testInfo, 'booking-15-schedule-30-only');

    // the student sees it on the profile, and the dialog offers 30 minutes alone, already chosen
    const student = await signIn(studentPage, STUDENT);
    await ensureMinutes(request, student.token);
    await studentPage.goto(`/t/${tutor.userId}`);
    await expect(studentPage.getByText('٣٠ دقيقة فقط')).toBeVisible();
    await studentPage.getByRole('button', { name: 'احجز درسًا' }).click();
    const dialog = studentPage.getByRole('dialog');
    const days = dialog.locator('input[name="lesson-date"]:not([disabled])');
    await expect(days.first()).toBeAttached();
    await days.first().check({ force: true });
    await dialog.getByRole('button', { name: 'التالي' }).click();
    const durations = dialog.locator('input[name="lesson-duration"]');
    await expect(durations).toHaveCount(1);
    await expect(dialog.getByRole('radio', { name: /٣٠ دقيقة/ })).toBeChecked();
    await expect(dialog.getByText(/دروسًا مدتها ٣٠ دقيقة فقط، لذلك اخترناها لك/)).toBeVisible();
    await screenshot(studentPage, testInfo, 'booking-16-dialog-30-only');
  } finally {
    await restoreBothLengths();
    await studentPage.context().close();
  }
});
