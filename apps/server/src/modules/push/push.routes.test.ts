import { AppError } from '@darsak/domain/errors';
import type { PushKinds, PushSettings } from '@darsak/domain/notifications';
import { Role } from '@darsak/domain/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { type PushServiceStandIn, startPushServiceStandIn } from '../../../test/push-service-stand-in.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { createMetrics } from '../../platform/metrics/metrics.ts';
import { outboxMessenger } from '../../providers/messaging/outbox.adapter.ts';
import { createWebPushMessenger } from '../../providers/messaging/web-push.adapter.ts';
import { LESSON_JOBS } from '../lessons/lessons.lifecycle.ts';
import { createOutboxDispatcher } from '../outbox/outbox.dispatcher.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { acceptableEndpoint, createPushService, pushDevices } from './push.service.ts';
import { pushSubscriptions } from './push.table.ts';

// Monday 09:00 Cairo. Web Push as a channel of the notification policy (issue 31 item 5), sent to a local push
// service that checks VAPID and decrypts what it receives.
const NOW = '2025-01-06T07:00:00Z';
const NONE: PushKinds = { lessonReminders: false, lessonStarting: false, chatMessages: false, paymentResults: false };
const ALL: PushKinds = { lessonReminders: true, lessonStarting: true, chatMessages: true, paymentResults: true };

let t: TestApp;
let service: PushServiceStandIn;
let tutor: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  service = await startPushServiceStandIn();
  tutor = await createTutor(t, { slots: ALL_WEEK });
});
afterAll(async () => {
  await service.close();
  await t.close();
});
beforeEach(() => t.clock.set(NOW));

const settings = async (actor: Actor): Promise<PushSettings> =>
  (await injectAs(t.app, actor.token, { method: 'GET', url: '/api/v1/user/push' })).json();
const post = (actor: Actor, url: string, payload: object) =>
  injectAs(t.app, actor.token, { method: 'POST', url, payload });
const subscribe = (actor: Actor, payload: object) => post(actor, '/api/v1/user/push/subscriptions', payload);
const unsubscribe = (actor: Actor, endpoint: string) =>
  post(actor, '/api/v1/user/push/subscriptions/remove', { endpoint });
async function turnOn(actor: Actor, kinds: Partial<PushKinds>) {
  const response = await injectAs(t.app, actor.token, {
    method: 'PUT',
    url: '/api/v1/user/push/kinds',
    payload: { kinds: { ...NONE, ...kinds } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PushSettings;
}

/** A device of the actor's, subscribed at the stand-in with the server's key. */
async function device(actor: Actor) {
  const subscription = service.subscription(t.config.VAPID_PUBLIC_KEY);
  const response = await subscribe(actor, subscription);
  expect(response.statusCode, response.body).toBe(200);
  return subscription;
}

const pushRows = (actor: Actor, template?: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.userId, actor.id),
        eq(outboxMessages.channel, 'push'),
        template ? eq(outboxMessages.template, template) : undefined,
      ),
    );

/** A payment's push to one device, due now, as the policy would have written it. */
const queuePaymentPush = (actor: Actor, endpoint: string) =>
  t.database.db.insert(outboxMessages).values({
    channel: 'push',
    recipient: endpoint,
    userId: actor.id,
    subject: 'وصلنا دفعك في درسك',
    body: 'درسك: وصلنا دفعك.',
    template: 'payment-received',
    createdAt: t.clock.now(),
    nextAttemptAt: t.clock.now(),
  });

/** Delivers what is due through the real Web Push messenger (the others stay in the outbox). */
const dispatch = () =>
  createOutboxDispatcher({
    db: t.database.db,
    clock: t.clock,
    messengers: {
      email: outboxMessenger,
      whatsapp: outboxMessenger,
      telegram: outboxMessenger,
      push: createWebPushMessenger({
        vapid: {
          publicKey: t.config.VAPID_PUBLIC_KEY ?? '',
          privateKey: t.config.VAPID_PRIVATE_KEY ?? '',
          subject: t.config.VAPID_SUBJECT ?? '',
        },
        devices: pushDevices(t.database.db, t.clock),
      }),
    },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    metrics: createMetrics(),
  }).runOnce();

async function book(student: Actor, startsAt: string) {
  const response = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/lesson/',
    payload: { tutorId: tutor.id, startsAt, durationMinutes: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

describe('the push settings', () => {
  it('offer push with the server key, every kind off and no device at first', async () => {
    const student = await createActor(t, 'student');
    expect(await settings(student)).toEqual({
      available: true,
      publicKey: t.config.VAPID_PUBLIC_KEY,
      kinds: NONE,
      devices: 0,
    });
  });

  it('keep the kinds turned on, beside the other notification choices', async () => {
    const student = await createActor(t, 'student');
    expect((await turnOn(student, { chatMessages: true, paymentResults: true })).kinds).toEqual({
      ...NONE,
      chatMessages: true,
      paymentResults: true,
    });
    const preferences = await injectAs(t.app, student.token, {
      method: 'GET',
      url: '/api/v1/user/notification-preferences',
    });
    expect(preferences.json()).toMatchObject({ channel: 'none', chosen: false });
  });

  it('subscribe a device once, move it to whoever subscribes it next, and remove it only for its owner', async () => {
    const mona = await createActor(t, 'student');
    const sara = await createActor(t, 'student');
    const subscription = await device(mona);
    expect((await subscribe(mona, subscription)).json()).toMatchObject({ devices: 1 });
    // the same browser, another account signed in: the device is hers now
    expect((await subscribe(sara, subscription)).json()).toMatchObject({ devices: 1 });
    expect(await settings(mona)).toMatchObject({ devices: 0 });
    expect((await unsubscribe(mona, subscription.endpoint)).json()).toMatchObject({ devices: 0 });
    expect(await settings(sara)).toMatchObject({ devices: 1 });
    expect((await unsubscribe(sara, subscription.endpoint)).json()).toMatchObject({ devices: 0 });
  });

  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user/push'],
      ['PUT', '/api/v1/user/push/kinds'],
      ['POST', '/api/v1/user/push/subscriptions'],
      ['POST', '/api/v1/user/push/subscriptions/remove'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });

  it('refuse a malformed subscription with a coded 400, storing nothing', async () => {
    const student = await createActor(t, 'student');
    const good = service.subscription();
    for (const bad of [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, extra: true },
      { endpoint: good.endpoint },
    ]) {
      const response = await subscribe(student, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad-request' });
    }
    const kinds = await injectAs(t.app, student.token, {
      method: 'PUT',
      url: '/api/v1/user/push/kinds',
      payload: { kinds: { ...NONE, news: true } },
    });
    expect(kinds.statusCode).toBe(400);
    expect(await settings(student)).toMatchObject({ devices: 0, kinds: NONE });
  });

  it('outside local mode, takes only https endpoints of named hosts (no address inside the network)', () => {
    expect(acceptableEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(acceptableEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(true);
    for (const inside of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://localhost:8443/push',
      'https://redis.internal/push',
      'https://user@fcm.googleapis.com/x',
    ]) {
      expect(acceptableEndpoint(inside, false), inside).toBe(false);
    }
    expect(acceptableEndpoint('http://127.0.0.1:4721/push/x', true)).toBe(true);
  });

  it('without VAPID keys, push is not offered and a device cannot subscribe (push-unavailable)', async () => {
    const student = await createActor(t, 'student');
    const off = createPushService({
      db: t.database.db,
      clock: t.clock,
      publicKey: undefined,
      localEndpoints: false,
      kinds: { pushKindsOf: async () => NONE, savePushKinds: async () => undefined },
    });
    const user: AuthUser = { id: student.id, role: Role.student, sessionId: 'test' };
    expect(await off.settings(user)).toMatchObject({ available: false, publicKey: null });
    await expect(off.subscribe(user, service.subscription())).rejects.toEqual(new AppError('push-unavailable'));
  });
});

describe('pushing, as the policy says for each kind', () => {
  it('a chat message reaches the other member decrypted, only once chat messages are turned on', async () => {
    const student = await createStudentWithMinutes(t);
    await book(student, '2025-01-07T10:00:00Z');
    const phone = await device(student);
    const say = (message: string) => post(tutor, '/api/v1/chat/new', { userId: student.id, message });

    expect((await say('أول رسالة')).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pushRows(student, 'chat-message')).toEqual([]);

    await turnOn(student, { chatMessages: true });
    expect((await say('أهلًا، جهّزي أسئلتك للدرس')).statusCode).toBe(201);
    await waitUntil('the chat message is written', async () => (await pushRows(student, 'chat-message')).length > 0);
    // the sender is not told of her own message
    expect(await pushRows(tutor, 'chat-message')).toEqual([]);
    await dispatch();
    const push = await service.waitFor((p) => p.endpoint === phone.endpoint);
    expect(push.payload).toEqual({
      title: expect.stringContaining('رسالة من'),
      body: 'أهلًا، جهّزي أسئلتك للدرس',
      url: '/chat',
      tag: '/chat',
    });
    expect(push).toMatchObject({ subject: t.config.VAPID_SUBJECT, urgency: 'high' });
    expect(push.ttl).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('reminders and "your lesson starts now" go by push only when turned on, beside her chosen channel', async () => {
    const student = await createStudentWithMinutes(t);
    const phone = await device(student);
    await turnOn(student, { lessonStarting: true });
    const lesson = await book(student, '2025-01-08T10:00:00Z');

    t.clock.set('2025-01-08T09:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.reminder, { lessonId: lesson.id, reminder: 'oneHour' });
    expect(await pushRows(student, 'lesson-oneHour')).toEqual([]);

    t.clock.set('2025-01-08T10:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.start, { lessonId: lesson.id });
    await t.app.jobs.run(LESSON_JOBS.start, { lessonId: lesson.id });
    const starting = await pushRows(student, 'lesson-startingNow');
    expect(starting.map((m) => m.recipient)).toEqual([phone.endpoint]);
    // "starts now" goes by push alone: it is not a message for e-mail
    const all = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, student.id), eq(outboxMessages.template, 'lesson-startingNow')));
    expect(all.map((m) => m.channel)).toEqual(['push']);
    await dispatch();
    const push = await service.waitFor((p) => p.endpoint === phone.endpoint);
    expect(push.payload).toMatchObject({ title: 'درسك يبدأ الآن', url: `/lesson/${lesson.id}` });

    const later = await book(student, '2025-01-09T10:00:00Z');
    await turnOn(student, { lessonReminders: true });
    t.clock.set('2025-01-09T09:00:00Z');
    await t.app.jobs.run(LESSON_JOBS.reminder, { lessonId: later.id, reminder: 'oneHour' });
    expect((await pushRows(student, 'lesson-oneHour')).map((m) => m.recipient)).toEqual([phone.endpoint]);
  });

  it('a payment result reaches every device she subscribed', async () => {
    const student = await createActor(t, 'student');
    const admin = await createActor(t, 'admin');
    const plan = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/plan',
      payload: { weeklyMinutes: 120, baseMonthPricePiastres: 80_000 },
    });
    const [phone, laptop] = [await device(student), await device(student)];
    await turnOn(student, { paymentResults: true });
    const paid = await post(student, '/api/v1/fawry/pay/ref-num', {
      planId: plan.json().id,
      period: 'month',
      idempotencyKey: `push-result-${student.id}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // the reference is not a result: it is not pushed
    expect(await pushRows(student, 'payment-reference')).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/dev/gateway/pay/${paid.json().transaction.merchantRefNum}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await pushRows(student, 'payment-received')).map((m) => m.recipient).sort()).toEqual(
      [phone.endpoint, laptop.endpoint].sort(),
    );
    await dispatch();
    for (const { endpoint } of [phone, laptop]) {
      const push = await service.waitFor((p) => p.endpoint === endpoint);
      expect(push.payload).toMatchObject({
        title: expect.stringMatching(/^وصلنا دفعك في درسك — إيصال /),
        url: '/s/dashboard',
      });
    }
  });

  it('a device the push service says is gone (410) is removed, and nothing is pushed to it again', async () => {
    const student = await createStudentWithMinutes(t);
    await book(student, '2025-01-10T10:00:00Z');
    const phone = await device(student);
    await turnOn(student, ALL);
    service.gone(phone.endpoint);
    expect((await post(tutor, '/api/v1/chat/new', { userId: student.id, message: 'هل وصلتك؟' })).statusCode).toBe(201);
    await waitUntil('the chat message is written', async () => (await pushRows(student, 'chat-message')).length > 0);
    await dispatch();
    const [row] = await pushRows(student, 'chat-message');
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('410') });
    expect(service.refused).toContainEqual(expect.objectContaining({ endpoint: phone.endpoint, status: 410 }));
    expect(await settings(student)).toMatchObject({ devices: 0 });

    expect((await post(tutor, '/api/v1/chat/new', { userId: student.id, message: 'مرة أخرى' })).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pushRows(student, 'chat-message')).toHaveLength(1);
  });

  it('a busy push service (429, 503) is asked again later, and the device is kept', async () => {
    const student = await createActor(t, 'student');
    const phone = await device(student);
    await turnOn(student, { paymentResults: true });
    await queuePaymentPush(student, phone.endpoint);
    for (const status of [429, 503]) {
      service.busy(phone.endpoint, status);
      await dispatch();
      const [row] = await pushRows(student, 'payment-received');
      expect(row).toMatchObject({ status: 'pending', lastError: expect.stringContaining(String(status)) });
      t.clock.set(new Date((row?.nextAttemptAt ?? new Date()).getTime() + 1000).toISOString());
    }
    service.busy(phone.endpoint, undefined);
    await dispatch();
    expect((await pushRows(student, 'payment-received'))[0]).toMatchObject({ status: 'sent' });
    expect((await service.waitFor((p) => p.endpoint === phone.endpoint)).payload).toMatchObject({
      title: 'وصلنا دفعك في درسك',
    });
    expect(await settings(student)).toMatchObject({ devices: 1 });
  });

  it('a message signed with another key is refused by the push service (the subscription is bound to ours)', async () => {
    const student = await createActor(t, 'student');
    const bound = service.subscription('B'.repeat(87));
    await subscribe(student, bound);
    await turnOn(student, { paymentResults: true });
    await queuePaymentPush(student, bound.endpoint);
    await dispatch();
    const [row] = await pushRows(student, 'payment-received');
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('403') });
    expect(await settings(student)).toMatchObject({ devices: 1 });
  });
});
