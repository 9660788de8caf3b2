import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { openAdminAs } from './support/admin-app.ts';
import { newPhone, verifyContacts } from './support/contacts.ts';
import { FAKE_MEDIA_LAUNCH, join } from './support/live-session.ts';
import { type Person, registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { webmBytes } from './support/video.ts';

/**
 * Tutor onboarding (issue 10): a brand-new tutor sends an intro video from /t/onboarding, a tutor manager accepts
 * it on /interviews, the tutor books an interview from the interviewer's free times, both meet in the live room,
 * the manager passes them with a level, the demo session is booked and passed, the studio's media closes the photo
 * session and a student finds the new tutor on /tutors. A second journey: rejected at the interview, the tutor
 * sees when they may reapply and cannot book before then.
 *
 * Registration, verification and the profile form have their own journey (foundation.spec.ts); here they go
 * through the same API calls, so this journey starts at the onboarding page.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'Darsak2026';
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signInApi(request: APIRequestContext, email: string): Promise<Person> {
  const response = await request.post('/api/v1/auth/password', { data: { email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Person;
}

/** A new tutor with verified e-mail and phone and a complete profile (the first onboarding step done). */
async function newApplicant(request: APIRequestContext): Promise<Person & { email: string }> {
  const tutor = await registerPerson(request, 'tutor');
  const headers = bearer(tutor.token);
  const phone = newPhone();
  const update = await request.put(`/api/v1/user/${tutor.user.id}`, {
    headers,
    data: {
      phone,
      governorate: 1,
      birthYear: 1992,
      gender: 'female',
      bio: 'معلمة لغة إنجليزية بخبرة خمس سنوات',
      about: 'أحب تعليم المحادثة بطريقة بسيطة وممتعة للمبتدئين',
    },
  });
  expect(update.status(), await update.text()).toBe(200);
  const topics = await (await request.get('/api/v1/topic/list', { headers })).json();
  const topicId = (topics.list ?? topics)[0].id;
  await request.post('/api/v1/topic/of/user', { headers, data: { topicId } });
  const email = await verifyContacts(request, tutor, phone);
  const status = await (await request.get('/api/v1/user/tutor/onboarding', { headers })).json();
  expect(status.current, JSON.stringify(status.steps)).toBe('introVideo');
  return { ...tutor, email };
}

/** A brand-new student with verified contacts and a month of a plan bought through the local gateway simulator. */
async function newStudent(request: APIRequestContext): Promise<Person> {
  const student = await registerPerson(request, 'student');
  const headers = bearer(student.token);
  const phone = newPhone();
  await request.put(`/api/v1/user/${student.user.id}`, { headers, data: { phone } });
  await verifyContacts(request, student, phone);
  const plans = await (await request.get('/api/v1/plan/list', { headers })).json();
  const plan = plans.list.find((p: { weeklyMinutes: number }) => p.weeklyMinutes === 120) ?? plans.list[0];
  const checkout = await request.post('/api/v1/paymob/create-checkout-url', {
    headers,
    data: { planId: plan.id, period: 'month', idempotencyKey: `e2e-onboarding-${Date.now()}-${phone}` },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { transaction } = await checkout.json();
  await request.post(`/dev/gateway/pay/${transaction.merchantRefNum}`, { form: { action: 'pay' }, maxRedirects: 0 });
  await expect.poll(async () => (await (await request.get('/api/v1/sub/user', { headers })).json()).id).not.toBe(-1);
  return student;
}

/** The seeded tutor manager, with an all-week schedule so interviews can be booked at any time. */
async function interviewer(request: APIRequestContext): Promise<Person> {
  const manager = await signInApi(request, 'manager@darsak.test');
  const slots = await request.post('/api/v1/availability-slot/', {
    headers: bearer(manager.token),
    data: { slots: ALL_WEEK },
  });
  expect(slots.status(), await slots.text()).toBe(200);
  return manager;
}

async function pageAs(browser: Browser, like: Page, person: Person): Promise<Page> {
  const context = await signedInContext(browser, like, person, { permissions: ['camera', 'microphone'] });
  return context.newPage();
}

/** Picks the first free time shown and confirms; answers the booked appointment's id. */
async function bookFirstTime(page: Page, kind: 'interview' | 'demoSession', token: string): Promise<number> {
  await page.getByRole('group', { name: 'الموعد' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(page.getByText('تم الحجز، وأرسلنا لك التفاصيل.').first()).toBeVisible();
  const status = await (await page.request.get('/api/v1/user/tutor/onboarding', { headers: bearer(token) })).json();
  return status[kind].id as number;
}

async function startNow(request: APIRequestContext, kind: 'interview' | 'demoSession', id: number) {
  const moved = await request.post('/dev/appointment/now', { data: { kind, id } });
  expect(moved.status(), await moved.text()).toBe(200);
}

test('a new tutor is vetted step by step and becomes bookable', async ({ page, browser, request }, testInfo) => {
  const applicant = await newApplicant(request);
  const manager = await interviewer(request);
  const tutorPage = await pageAs(browser, page, applicant);

  // 1. The steps, then the intro video: preview, upload with progress, pending.
  await tutorPage.goto('/t/onboarding');
  await expect(tutorPage.getByRole('heading', { name: 'خطوات الانضمام' })).toBeVisible();
  await expect(tutorPage.locator('[aria-current="step"]')).toContainText('الفيديو التعريفي');
  await screenshot(tutorPage, testInfo, 'onboarding-01-steps');
  await tutorPage.getByLabel('اختر ملف الفيديو').setInputFiles({
    name: 'intro.webm',
    mimeType: 'video/webm',
    buffer: webmBytes(95, 2 * 1024 * 1024),
  });
  await expect(tutorPage.getByText(/معاينة الفيديو قبل الإرسال/)).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-02-preview');
  await tutorPage.getByRole('button', { name: 'أرسل الفيديو' }).click();
  await expect(tutorPage.getByText('وصل فيديوك وهو قيد المراجعة، سنخبرك بالنتيجة.').first()).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-03-video-pending');

  // 2. The manager accepts it on /interviews; the tutor's page moves on by itself (realtime).
  const managerPage = await pageAs(browser, page, manager);
  await managerPage.goto('/interviews');
  const card = managerPage
    .locator('li', { hasText: applicant.user.name })
    .filter({ has: managerPage.locator('video') });
  await expect(card.first()).toBeVisible();
  await screenshot(managerPage, testInfo, 'onboarding-04-manager-review');
  await card.first().getByRole('button', { name: 'قبول' }).click();
  await expect(managerPage.getByText('قُبل الفيديو وأُبلغ المتقدّم.').first()).toBeVisible();
  await expect(tutorPage.getByRole('heading', { name: 'احجز موعد المقابلة' })).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-05-book-interview');

  // 3. The tutor books an interview from the interviewer's free times.
  const interviewId = await bookFirstTime(tutorPage, 'interview', applicant.token);
  await expect(tutorPage.getByRole('button', { name: 'إلغاء الموعد' })).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-06-interview-booked');

  // 4. At its time both meet in the live room of the lessons.
  await startNow(request, 'interview', interviewId);
  await join(tutorPage, `interviewId=${interviewId}`);
  await join(managerPage, `interviewId=${interviewId}`);
  await expect(managerPage.getByRole('region', { name: 'مكالمة المقابلة' })).toBeVisible();
  await screenshot(managerPage, testInfo, 'onboarding-07-interview-call');

  // 5. The manager passes them with a level.
  await managerPage.goto(`/interview/${interviewId}`);
  await managerPage.getByLabel(/مستوى الإنجليزية/).selectOption('4');
  await managerPage.getByLabel(/ملاحظات للمتقدّم/).fill('نطق واضح وثقة في الحديث');
  await screenshot(managerPage, testInfo, 'onboarding-08-decide');
  await managerPage.getByRole('button', { name: 'حفظ النتيجة' }).click();
  await managerPage.getByRole('dialog').getByRole('button', { name: 'حفظ النتيجة' }).click();
  await expect(managerPage.getByText('حُفظت النتيجة وأُبلغ المتقدّم.').first()).toBeVisible();

  // 6. The demo session: booked, held, passed.
  await tutorPage.goto('/t/onboarding');
  await expect(tutorPage.getByRole('heading', { name: 'احجز موعد الجلسة التجريبية' })).toBeVisible();
  const demoId = await bookFirstTime(tutorPage, 'demoSession', applicant.token);
  await startNow(request, 'demoSession', demoId);
  await managerPage.goto(`/demo-session/${demoId}`);
  await managerPage.getByRole('button', { name: 'حفظ النتيجة' }).click();
  await managerPage.getByRole('dialog').getByRole('button', { name: 'حفظ النتيجة' }).click();
  await expect(managerPage.getByText('حُفظت النتيجة وأُبلغ المتقدّم.').first()).toBeVisible();
  await tutorPage.goto('/t/onboarding');
  await expect(tutorPage.getByText(/سيتواصل معك فريق الاستوديو/)).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-09-photo-session');

  // 7. In the admin app the studio uploads the photo, the thumbnail and the video on the tutor's photo-session
  // page, then finishes the session: the tutor is activated.
  const studioPage = await (
    await browser.newContext({ viewport: page.viewportSize(), locale: 'ar-EG', timezoneId: 'Africa/Cairo' })
  ).newPage();
  await openAdminAs(studioPage, request, `/photo-session/${applicant.user.id}`, { as: 'studio@darsak.test' });
  await expect(studioPage.getByRole('heading', { level: 1, name: applicant.user.name })).toBeVisible();
  const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const uploads = [
    ['الصورة الشخصية', { name: 'photo.png', mimeType: 'image/png', buffer: png }],
    ['صورة مصغّرة للفيديو', { name: 'thumb.png', mimeType: 'image/png', buffer: png }],
    ['الفيديو التعريفي (دقيقة بالإنجليزية)', { name: 'intro.webm', mimeType: 'video/webm', buffer: webmBytes(60) }],
  ] as const;
  const media = studioPage.getByRole('region', { name: 'الصور والفيديو' });
  for (const [label, file] of uploads) {
    const card = media.locator('section').filter({ has: studioPage.getByRole('heading', { name: label }) });
    await expect(card.getByText('لم يُرفع بعد')).toBeVisible();
    await card.getByLabel('رفع').setInputFiles(file);
    await expect(card.getByText('لم يُرفع بعد')).toHaveCount(0);
    await expect(card.locator(file.mimeType.startsWith('video') ? 'video' : 'img')).toBeVisible();
  }
  await screenshot(studioPage, testInfo, 'onboarding-10-studio-media');
  await studioPage.getByRole('button', { name: 'إنهاء جلسة التصوير وتفعيل المعلّم' }).click();
  await studioPage
    .getByRole('dialog', { name: 'إنهاء جلسة التصوير وتفعيل المعلّم' })
    .getByRole('button', { name: 'إنهاء جلسة التصوير وتفعيل المعلّم' })
    .click();
  await expect(studioPage.getByText('انتهت جلسة التصوير وفُعّل المعلّم.').first()).toBeVisible();
  await expect(studioPage.getByText('انتهت', { exact: true })).toBeVisible();
  // Read back: no onboarding step is left.
  const activated = await (
    await request.get('/api/v1/user/tutor/onboarding', { headers: bearer(applicant.token) })
  ).json();
  expect(activated.current, JSON.stringify(activated.steps)).toBeNull();
  await studioPage.context().close();
  await tutorPage.goto('/t/onboarding');
  await expect(tutorPage.getByText('أنتِ الآن معلّمة على درسك').first()).toBeVisible();
  await screenshot(tutorPage, testInfo, 'onboarding-11-activated');

  // 8. A student finds the new tutor on /tutors and books a lesson with them.
  await request.post('/api/v1/availability-slot/', { headers: bearer(applicant.token), data: { slots: ALL_WEEK } });
  const student = await newStudent(request);
  const studentPage = await pageAs(browser, page, student);
  await studentPage.goto('/tutors');
  await expect(studentPage.getByRole('heading', { level: 1 })).toBeVisible();
  const listed = await (await request.get('/api/v1/user/tutor/list/onboarded?size=100')).json();
  expect(listed.list.map((t: { id: number }) => t.id)).toContain(applicant.user.id);
  await studentPage.goto(`/t/${applicant.user.id}`);
  await expect(studentPage.getByRole('heading', { name: applicant.user.name }).first()).toBeVisible();
  await screenshot(studentPage, testInfo, 'onboarding-12-student-sees-tutor');
  const free = await (
    await request.get(`/api/v1/availability-slot/free?tutorId=${applicant.user.id}&durationMinutes=30`, {
      headers: bearer(student.token),
    })
  ).json();
  expect(free.list.length).toBeGreaterThan(0);
  const booked = await request.post('/api/v1/lesson/', {
    headers: bearer(student.token),
    data: { tutorId: applicant.user.id, startsAt: free.list[0].startsAt, durationMinutes: 30 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
});

test('rejected at the interview: the tutor sees when they may reapply and cannot book before', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const applicant = await newApplicant(request);
  const manager = await interviewer(request);
  const headers = bearer(applicant.token);
  const sent = await request.post('/api/v1/intro-video/with/asset', {
    headers,
    multipart: { video: { name: 'intro.webm', mimeType: 'video/webm', buffer: webmBytes(70) } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await request.put(`/api/v1/intro-video/${(await sent.json()).id}`, {
    headers: bearer(manager.token),
    data: { status: 'accepted' },
  });
  const select = await (await request.get('/api/v1/user/interviewer/select', { headers })).json();
  const mine = select.find((i: { interviewer: { id: number } }) => i.interviewer.id === manager.user.id);
  const booked = await request.post('/api/v1/interview', {
    headers,
    data: { managerId: manager.user.id, startsAt: mine.freeTimes.at(-1).startsAt },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const interviewId = (await booked.json()).id as number;
  await startNow(request, 'interview', interviewId);

  const managerPage = await pageAs(browser, page, manager);
  await managerPage.goto(`/interview/${interviewId}`);
  await managerPage.getByLabel('لم يجتز').check();
  await managerPage.getByLabel(/مستوى الإنجليزية/).selectOption('2');
  await managerPage.getByLabel(/ملاحظات للمتقدّم/).fill('تحتاج إلى تحسين الطلاقة');
  await managerPage.getByRole('button', { name: 'حفظ النتيجة' }).click();
  await managerPage.getByRole('dialog').getByRole('button', { name: 'حفظ النتيجة' }).click();
  await expect(managerPage.getByText('حُفظت النتيجة وأُبلغ المتقدّم.').first()).toBeVisible();

  const tutorPage = await pageAs(browser, page, applicant);
  await tutorPage.goto('/t/onboarding');
  await expect(tutorPage.getByText(/يمكنك المحاولة مرة أخرى بدءًا من/)).toBeVisible();
  await expect(tutorPage.getByText(/تحتاج إلى تحسين الطلاقة/)).toBeVisible();
  await expect(tutorPage.getByRole('button', { name: 'تأكيد الحجز' })).toHaveCount(0);
  await screenshot(tutorPage, testInfo, 'onboarding-13-rejected');
  const again = await request.post('/api/v1/interview', {
    headers,
    data: { managerId: manager.user.id, startsAt: mine.freeTimes[0].startsAt },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('conflicting-interview');
});
