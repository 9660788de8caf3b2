import type { LessonView } from '@darsak/domain/lessons';
import type { NotificationPreferences } from '@darsak/domain/notifications';
import type { PaymentResult } from '@darsak/domain/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor, verify } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { ALL_KINDS_ON, chooseNotifications } from '../../../test/notifications.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { LESSON_JOBS } from '../lessons/lessons.lifecycle.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { users } from '../users/users.table.ts';

// Monday 09:00 Cairo; lessons and payments are told through the one notification policy (issue 31).
const NOW = '2025-01-06T07:00:00Z';
const URL = '/api/v1/user/notification-preferences';

let t: TestApp;
let tutor: Actor;
let planId: number;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  tutor = await createTutor(t, { slots: ALL_WEEK });
  const admin = await createActor(t, 'admin');
  const plan = await injectAs(t.app, admin.token, {
    method: 'POST',
    url: '/api/v1/plan',
    payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000 },
  });
  planId = plan.json().id;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const get = async (actor: Actor): Promise<NotificationPreferences> =>
  (await injectAs(t.app, actor.token, { method: 'GET', url: URL })).json();
const put = (actor: Actor, payload: object) => injectAs(t.app, actor.token, { method: 'PUT', url: URL, payload });

/** Each message the student was sent with this template, as `channel → recipient`. */
async function sent(actor: Actor, template: string) {
  const rows = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, actor.id), eq(outboxMessages.template, template)));
  return rows.map((m) => ({ channel: m.channel, to: m.recipient, body: m.body }));
}
const channelsOf = async (actor: Actor, template: string) => (await sent(actor, template)).map((m) => m.channel);

async function phoneOf(actor: Actor): Promise<string> {
  const [row] = await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
  if (!row?.phone) throw new Error('no phone');
  return row.phone;
}

async function book(student: Actor, startsAt: string): Promise<LessonView> {
  const response = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/lesson/',
    payload: { tutorId: tutor.id, startsAt, durationMinutes: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the preferences', () => {
  it('start unchosen, on "none", with every reminder on, and suggest WhatsApp once the phone is verified', async () => {
    const student = await createActor(t, 'student');
    expect(await get(student)).toEqual({
      channel: 'none',
      kinds: ALL_KINDS_ON,
      chosen: false,
      suggestedChannel: 'email',
      phoneVerified: false,
      whatsappOffered: true,
      telegramLinked: false,
    });
    await verify(t, student);
    expect(await get(student)).toMatchObject({ chosen: false, suggestedChannel: 'whatsapp', phoneVerified: true });
  });

  it('keep the channel and the kinds chosen, which closes the prompt', async () => {
    const student = await createActor(t, 'student');
    await verify(t, student);
    const answer = await put(student, { channel: 'whatsapp', kinds: { ...ALL_KINDS_ON, lessonReminderDay: false } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await get(student)).toMatchObject({
      channel: 'whatsapp',
      chosen: true,
      suggestedChannel: 'whatsapp',
      kinds: { lessonReminderDay: false, lessonReminderHour: true, subscriptionEnding: true },
    });
  });

  it('refuse WhatsApp before the phone is verified (422 unverified-phone), changing nothing', async () => {
    const student = await createActor(t, 'student');
    const answer = await put(student, { channel: 'whatsapp', kinds: ALL_KINDS_ON });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('unverified-phone');
    expect(await get(student)).toMatchObject({ channel: 'none', chosen: false });
  });

  it.each([
    { channel: 'sms', kinds: ALL_KINDS_ON },
    { channel: 'email' },
    { channel: 'email', kinds: { ...ALL_KINDS_ON, lessonBooked: false } },
    { channel: 'email', kinds: { ...ALL_KINDS_ON, lessonReminderDay: 'no' } },
  ])('refuse bad input with 400 bad-request, changing nothing: %j', async (payload) => {
    const student = await createActor(t, 'student');
    const answer = await put(student, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('bad-request');
    expect(await get(student)).toMatchObject({ channel: 'none', chosen: false });
  });

  it('remember a dismissed prompt without changing the channel', async () => {
    const student = await createActor(t, 'student');
    const answer = await injectAs(t.app, student.token, { method: 'POST', url: `${URL}/dismiss-prompt`, payload: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await get(student)).toMatchObject({ channel: 'none', chosen: true });
  });

  it('answer 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('lessons told to the student', () => {
  it('a booking and a cancellation reach her by e-mail and WhatsApp; reminders as she chose', async () => {
    const student = await createStudentWithMinutes(t);
    await chooseNotifications(t, student, 'whatsapp', { lessonReminderDay: false });
    const lesson = await book(student, '2025-01-08T10:00:00Z');
    expect(await sent(student, 'lesson-booked')).toEqual([
      { channel: 'email', to: student.email, body: expect.stringContaining('حُجز درس ٣٠ دقيقة') },
      { channel: 'whatsapp', to: await phoneOf(student), body: expect.stringContaining('حُجز درس ٣٠ دقيقة') },
    ]);
    t.clock.set('2025-01-07T10:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    t.clock.set('2025-01-08T09:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneHour' });
    expect(await channelsOf(student, 'lesson-oneDay')).toEqual([]);
    expect(await channelsOf(student, 'lesson-oneHour')).toEqual(['whatsapp']);

    t.clock.set(NOW);
    await injectAs(t.app, student.token, { method: 'DELETE', url: `/api/v1/lesson/${lesson.id}` });
    expect(await channelsOf(student, 'lesson-cancelled')).toEqual(['email', 'whatsapp']);
  });

  it('"none" sends her no reminder, but the booking and the cancellation still by e-mail', async () => {
    const student = await createStudentWithMinutes(t);
    await chooseNotifications(t, student, 'none');
    const lesson = await book(student, '2025-01-08T10:00:00Z');
    t.clock.set('2025-01-07T10:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneDay' });
    t.clock.set(NOW);
    await injectAs(t.app, student.token, { method: 'DELETE', url: `/api/v1/lesson/${lesson.id}` });
    expect(await channelsOf(student, 'lesson-booked')).toEqual(['email']);
    expect(await channelsOf(student, 'lesson-oneDay')).toEqual([]);
    expect(await channelsOf(student, 'lesson-cancelled')).toEqual(['email']);
    // her tutor, on "none" too: his lessons are his work, their reminders still reach him by e-mail
    const his = await channelsOf(tutor, 'lesson-oneDay');
    expect(his.length).toBeGreaterThan(0);
    expect(his.every((channel) => channel === 'email')).toBe(true);
  });
});

describe('payments told to the student', () => {
  async function payByReference(student: Actor): Promise<PaymentResult> {
    const answer = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/fawry/pay/ref-num',
      payload: { planId, period: 'month', idempotencyKey: `notify-${student.id}` },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  }

  it('the Fawry reference and deadline, the payment and the refund reach her by e-mail and WhatsApp', async () => {
    const student = await createActor(t, 'student');
    await verify(t, student);
    await chooseNotifications(t, student, 'whatsapp');
    const result = await payByReference(student);
    expect(result.referenceNumber).toBeTruthy();
    const reference = await sent(student, 'payment-reference');
    expect(reference.map((m) => m.channel)).toEqual(['email', 'whatsapp']);
    for (const message of reference) {
      expect(message.body).toContain(String(result.referenceNumber));
      expect(message.body).toContain('قبل');
    }

    await t.app.inject({
      method: 'POST',
      url: `/dev/gateway/pay/${result.transaction.merchantRefNum}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await channelsOf(student, 'payment-received')).toEqual(['email', 'whatsapp']);

    await injectAs(t.app, student.token, { method: 'PATCH', url: '/api/v1/sub/cancel', payload: {} });
    const job = (await queuedJobs<{ transactionId: number }>(t, 'payments.refund'))
      .map((j) => j.data)
      .find((j) => j.transactionId === result.transaction.id);
    await t.app.jobs.run('payments.refund', job);
    expect(await channelsOf(student, 'payment-refund')).toEqual(['email', 'whatsapp']);
  });

  it('"none" still sends her the Fawry reference by e-mail', async () => {
    const student = await createActor(t, 'student');
    await payByReference(student);
    expect(await channelsOf(student, 'payment-reference')).toEqual(['email']);
  });
});

describe('a WhatsApp that carries only codes (the Cloud API without a notice template)', () => {
  let cloud: TestApp;
  beforeAll(async () => {
    cloud = await buildTestApp({
      now: NOW,
      env: { WHATSAPP_ACCESS_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '1055', WHATSAPP_API_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => cloud.close());

  it('reaches a student who chose WhatsApp by e-mail instead, so nothing she was promised is lost', async () => {
    const teacher = await createTutor(cloud, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(cloud);
    // chosen while the platform still sent notices by WhatsApp
    await cloud.database.db.update(users).set({ notificationMethod: 'whatsapp' }).where(eq(users.id, student.id));
    const booked = await injectAs(cloud.app, student.token, {
      method: 'POST',
      url: '/api/v1/lesson/',
      payload: { tutorId: teacher.id, startsAt: '2025-01-08T10:00:00Z', durationMinutes: 30 },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    cloud.clock.set('2025-01-08T09:00:00Z');
    await cloud.app.jobs.run(LESSON_JOBS.reminder, { lessonId: booked.json().id, reminder: 'oneHour' });
    const rows = await cloud.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, student.id));
    const channels = (template: string) => rows.filter((m) => m.template === template).map((m) => m.channel);
    expect(channels('lesson-booked')).toEqual(['email']);
    expect(channels('lesson-oneHour')).toEqual(['email']);
  });

  it('is not offered to choose meanwhile (422 whatsapp-unavailable), nor preselected', async () => {
    const student = await createActor(cloud, 'student');
    await verify(cloud, student);
    const read = async () => (await injectAs(cloud.app, student.token, { method: 'GET', url: URL })).json();
    expect(await read()).toMatchObject({ whatsappOffered: false, phoneVerified: true, suggestedChannel: 'email' });
    const answer = await injectAs(cloud.app, student.token, {
      method: 'PUT',
      url: URL,
      payload: { channel: 'whatsapp', kinds: ALL_KINDS_ON },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('whatsapp-unavailable');
    expect(await read()).toMatchObject({ channel: 'none', chosen: false });
  });
});
