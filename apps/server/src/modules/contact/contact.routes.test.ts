import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { contactRequests } from './contact.table.ts';

const INBOX = 'support@darsak.test';
const request = { title: 'سؤال عن الباقات', message: 'هل يمكن تغيير الباقة في منتصف الشهر؟' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CONTACT_INBOX_EMAIL: INBOX } });
});
afterAll(() => t.close());

const send = (payload: unknown, token?: string) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/v1/contact-request/', payload: payload as object });

async function inbox() {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${INBOX}` });
  return response.json().list as { channel: string; subject: string; text: string; template: string }[];
}

describe('contact requests', () => {
  it('stores a visitor’s request and e-mails the staff inbox', async () => {
    const sent = await send({ ...request, name: 'Mona Adel', email: 'Mona@Example.com', phone: '01012345678' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ ok: true });
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.name, 'Mona Adel'));
    expect(row).toMatchObject({ ...request, email: 'mona@example.com', phone: '01012345678', userId: null });
    expect(row?.status).toBe('new');
    const [mail] = await inbox();
    expect(mail).toMatchObject({ channel: 'email', template: 'contact-request' });
    expect(mail?.subject).toContain(request.title);
    for (const part of [request.message, 'mona@example.com', '01012345678', 'Mona Adel']) {
      expect(mail?.text).toContain(part);
    }
  });

  it('knows a signed-in sender by their token', async () => {
    const { token, user } = await registerUser(t.app);
    expect((await send({ ...request, title: 'من حسابي' }, token)).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.title, 'من حسابي'));
    expect(row?.userId).toBe(user.id);
    expect((await inbox())[0]?.text).toContain(`حساب رقم ${user.id}`);
  });

  it('trims the text and takes a request without any contact details', async () => {
    expect((await send({ title: '  بدون بيانات  ', message: '  رسالة قصيرة لكنها كافية  ' })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.title, 'بدون بيانات'));
    expect(row).toMatchObject({ message: 'رسالة قصيرة لكنها كافية', name: null, email: null, phone: null });
  });

  it('[400 bad-request] with the failing fields for short, long, malformed or unknown input, storing nothing', async () => {
    const before = (await t.database.db.select().from(contactRequests)).length;
    const cases: [unknown, string[]][] = [
      [{ ...request, title: 'ab' }, ['title']],
      [{ ...request, message: 'x'.repeat(2001) }, ['message']],
      [{ ...request, email: 'not-an-email', phone: '0123' }, ['email', 'phone']],
      [{ ...request, status: 'handled' }, ['status']],
      [{ title: request.title }, ['message']],
    ];
    for (const [payload, fields] of cases) {
      const answer = await send(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('bad-request');
      expect(Object.keys(answer.json().details.fields)).toEqual(expect.arrayContaining(fields));
    }
    expect(await t.database.db.select().from(contactRequests)).toHaveLength(before);
  });
});

describe('without a staff inbox', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await buildTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
  });
  afterAll(() => quiet.close());

  it('stores the request and sends no message', async () => {
    const answer = await quiet.app.inject({ method: 'POST', url: '/api/v1/contact-request/', payload: request });
    expect(answer.statusCode).toBe(201);
    expect(await quiet.database.db.select().from(contactRequests)).toHaveLength(1);
    expect(await quiet.database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('[429 too-many-requests] past the per-minute limit', async () => {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      answers.push(await quiet.app.inject({ method: 'POST', url: '/api/v1/contact-request/', payload: request }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 429]);
    expect(answers[1]?.json().code).toBe('too-many-requests');
  });
});
