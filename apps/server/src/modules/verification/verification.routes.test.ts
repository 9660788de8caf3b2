import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser, validPassword } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { changedTables, dbFingerprint } from '../../../test/harness/db-fingerprint.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { JOB_REQUEST_ID } from '../../platform/jobs/queue.ts';
import { users } from '../users/users.table.ts';
import { PASSWORD_CODE_JOB } from './verification.service.ts';
import { verificationCodes } from './verification.table.ts';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-03-01T08:00:00Z' });
});
afterAll(() => t.close());

let phones = 0;
const newPhone = () => `0101${String(1_000_000 + (phones++ % 9_000_000)).padStart(7, '0')}`;

/** A code call; a forgot-password request's job then runs, as a worker would run it. */
async function codeCall(token: string | undefined, path: string, payload: object = {}) {
  const answer = await injectAs(t.app, token, { method: 'POST', url: `/api/v1/confirmation-code/${path}`, payload });
  if (path === 'password/send' && answer.statusCode === 200) await t.app.jobs.run(PASSWORD_CODE_JOB, payload);
  return answer;
}

/** What a person (or a browser test) reads in the local outbox, newest first. */
async function outboxFor(to: string) {
  const response = await t.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  expect(response.statusCode).toBe(200);
  return response.json().list as { code: string | null; channel: string; recipient: string; text: string }[];
}

async function latestCode(to: string): Promise<string> {
  const [message] = await outboxFor(to);
  expect(message?.code).toMatch(/^\d{5}$/);
  return message?.code ?? '';
}

/** A well-formed code that is surely not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

async function expectError(response: { statusCode: number; json(): { code: string } }, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
}

describe('phone codes', () => {
  it('sends a WhatsApp code to the phone and verifies the phone with it', async () => {
    const phone = newPhone();
    const { token, user } = await registerUser(t.app, { phone });
    const sent = await codeCall(token, 'phone/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      channel: 'whatsapp',
      target: `${phone.slice(0, 3)}…${phone.slice(-2)}`,
      resendAfterSeconds: 60,
      expiresInMinutes: 10,
    });
    const [message] = await outboxFor(phone);
    expect(message).toMatchObject({ channel: 'whatsapp', recipient: phone });
    expect(message?.text).toContain('درسك');
    expect(message?.text).toContain(message?.code);

    const verified = await codeCall(token, 'phone/verify', { code: await latestCode(phone) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: user.id, phoneVerified: true, emailVerified: false });
    const current = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });
    expect(current.json().phoneVerified).toBe(true);
  });

  it('goes by Telegram when the user chose it or the call asks for it (filed under the phone locally)', async () => {
    const phone = newPhone();
    const { token } = await registerUser(t.app, { phone });
    const sent = await codeCall(token, 'phone/send', { method: 'telegram' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().channel).toBe('telegram');
    expect((await outboxFor(phone))[0]).toMatchObject({ channel: 'telegram', recipient: phone });
  });

  it('[422 phone-required] without a phone on the account', async () => {
    const { token } = await registerUser(t.app);
    await expectError(await codeCall(token, 'phone/send'), 422, 'phone-required');
  });

  it('[409 phone-already-verified] for sending and verifying once the phone is verified', async () => {
    const phone = newPhone();
    const { token } = await registerUser(t.app, { phone });
    await codeCall(token, 'phone/send');
    const code = await latestCode(phone);
    expect((await codeCall(token, 'phone/verify', { code })).statusCode).toBe(200);
    await expectError(await codeCall(token, 'phone/send'), 409, 'phone-already-verified');
    await expectError(await codeCall(token, 'phone/verify', { code }), 409, 'phone-already-verified');
  });

  it('[400 bad-request] for an unknown method, a malformed code or extra fields', async () => {
    const { token } = await registerUser(t.app, { phone: newPhone() });
    await expectError(await codeCall(token, 'phone/send', { method: 'sms' }), 400, 'bad-request');
    for (const payload of [{ code: '1234' }, { code: '١٢٣٤' }, { code: 12345 }, { code: '12345', extra: 1 }, {}]) {
      await expectError(await codeCall(token, 'phone/verify', payload), 400, 'bad-request');
    }
  });

  it('[401 unauthenticated] for every signed-in call without a token', async () => {
    for (const path of ['phone/send', 'phone/verify', 'email/send', 'email/confirm']) {
      await expectError(
        await codeCall(undefined, path, path.endsWith('send') ? {} : { code: '12345' }),
        401,
        'unauthenticated',
      );
    }
  });
});

describe('e-mail codes', () => {
  it('sends an Arabic e-mail with the code and confirms the e-mail with it', async () => {
    const { token, user } = await registerUser(t.app, { email: 'huda.confirm@example.com' });
    const sent = await codeCall(token, 'email/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'email', target: 'hu…@example.com' });
    const [message] = await outboxFor('HUDA.confirm@example.com');
    expect(message).toMatchObject({ channel: 'email', subject: 'كود تأكيد بريدك الإلكتروني في درسك' });
    expect(message?.text).toContain(message?.code);

    const confirmed = await codeCall(token, 'email/confirm', { code: message?.code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: user.id, emailVerified: true });
  });

  it('[409 email-already-verified] for sending and confirming a verified e-mail', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(token, 'email/send');
    const code = await latestCode(user.email);
    expect((await codeCall(token, 'email/confirm', { code })).statusCode).toBe(200);
    await expectError(await codeCall(token, 'email/send'), 409, 'email-already-verified');
    await expectError(await codeCall(token, 'email/confirm', { code }), 409, 'email-already-verified');
  });

  it('stores only a keyed hash of the code', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(token, 'email/send');
    const code = await latestCode(user.email);
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });
});

describe('code rules', () => {
  it('[422 expired-verification-code] once 10 minutes have passed, not before', async () => {
    const early = await registerUser(t.app);
    await codeCall(early.token, 'email/send');
    t.clock.advance(10 * MINUTE - 1000);
    expect(
      (await codeCall(early.token, 'email/confirm', { code: await latestCode(early.user.email) })).statusCode,
    ).toBe(200);

    const late = await registerUser(t.app);
    await codeCall(late.token, 'email/send');
    t.clock.advance(10 * MINUTE);
    const code = await latestCode(late.user.email);
    await expectError(await codeCall(late.token, 'email/confirm', { code }), 422, 'expired-verification-code');
  });

  it('[422 invalid-verification-code] for 5 wrong tries, then the code is dead even when right', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(token, 'email/send');
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i++) {
      await expectError(
        await codeCall(token, 'email/confirm', { code: otherThan(code) }),
        422,
        'invalid-verification-code',
      );
    }
    await expectError(await codeCall(token, 'email/confirm', { code }), 422, 'expired-verification-code');
    t.clock.advance(MINUTE);
    await codeCall(token, 'email/send');
    expect((await codeCall(token, 'email/confirm', { code: await latestCode(user.email) })).statusCode).toBe(200);
  });

  it('[429 verification-code-cooldown] within 60 seconds of the last code, with the seconds left', async () => {
    const { token, user } = await registerUser(t.app);
    expect((await codeCall(token, 'email/send')).statusCode).toBe(200);
    t.clock.advance(20_000);
    const again = await codeCall(token, 'email/send');
    await expectError(again, 429, 'verification-code-cooldown');
    expect(again.json().details).toEqual({ retryAfterSeconds: 40 });
    t.clock.advance(40_000);
    expect((await codeCall(token, 'email/send')).statusCode).toBe(200);
    expect(await outboxFor(user.email)).toHaveLength(2);
  });

  it('[429 too-many-requests] for a sixth code within the hour', async () => {
    const phone = newPhone();
    const { token } = await registerUser(t.app, { phone });
    for (let i = 0; i < 5; i++) {
      expect((await codeCall(token, 'phone/send')).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }
    const sixth = await codeCall(token, 'phone/send');
    await expectError(sixth, 429, 'too-many-requests');
    expect(sixth.json().details).toEqual({ retryAfterSeconds: 55 * 60 });
    t.clock.advance(55 * MINUTE);
    expect((await codeCall(token, 'phone/send')).statusCode).toBe(200);
    expect(await outboxFor(phone)).toHaveLength(6);
  });

  it('counts only the latest code once another was sent', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(token, 'email/send');
    const first = await latestCode(user.email);
    t.clock.advance(MINUTE);
    await codeCall(token, 'email/send');
    const second = await latestCode(user.email);
    if (first !== second) {
      await expectError(await codeCall(token, 'email/confirm', { code: first }), 422, 'invalid-verification-code');
    }
    expect((await codeCall(token, 'email/confirm', { code: second })).statusCode).toBe(200);
  });

  it('never takes a code of another purpose', async () => {
    const phone = newPhone();
    const { token, user } = await registerUser(t.app, { phone });
    await codeCall(token, 'phone/send');
    const phoneCode = await latestCode(phone);
    await expectError(await codeCall(token, 'email/confirm', { code: phoneCode }), 422, 'invalid-verification-code');

    await codeCall(undefined, 'password/send', { email: user.email });
    const resetCode = await latestCode(user.email);
    await expectError(await codeCall(token, 'email/confirm', { code: resetCode }), 422, 'invalid-verification-code');
    expect((await codeCall(token, 'phone/verify', { code: phoneCode })).statusCode).toBe(200);
  });

  it("never takes another user's code", async () => {
    const mine = await registerUser(t.app);
    const theirs = await registerUser(t.app);
    await codeCall(mine.token, 'email/send');
    await codeCall(theirs.token, 'email/send');
    let theirCode = await latestCode(theirs.user.email);
    while (theirCode === (await latestCode(mine.user.email))) {
      t.clock.advance(MINUTE); // one chance in 100,000 that both drew the same digits
      await codeCall(theirs.token, 'email/send');
      theirCode = await latestCode(theirs.user.email);
    }
    await expectError(
      await codeCall(mine.token, 'email/confirm', { code: theirCode }),
      422,
      'invalid-verification-code',
    );
  });

  it('[422 expired-verification-code] when the e-mail changed after the code was sent', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(token, 'email/send');
    const code = await latestCode(user.email);
    // Staff correct the address (an owner's own change proves the new one with a code and verifies it).
    const admin = await createActor(t, 'admin');
    const changed = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/user/${user.id}`,
      payload: { email: `moved-${user.email}` },
    });
    expect(changed.statusCode).toBe(200);
    await expectError(await codeCall(token, 'email/confirm', { code }), 422, 'expired-verification-code');
  });
});

describe('changing the e-mail or phone (a stolen session is not enough)', () => {
  const put = (token: string, id: number, payload: object) =>
    injectAs(t.app, token, { method: 'PUT', url: `/api/v1/user/${id}`, payload });

  it('[403 contact-change-needs-proof] a session alone changes neither the e-mail nor a phone it has', async () => {
    const { token, user } = await registerUser(t.app, { phone: newPhone() });
    await expectError(await put(token, user.id, { email: `thief-${user.email}` }), 403, 'contact-change-needs-proof');
    await expectError(await put(token, user.id, { phone: newPhone() }), 403, 'contact-change-needs-proof');
    // Without the password, or with a wrong one, the change calls refuse too (and send nothing).
    const thief = `thief-${user.id}@example.com`;
    await expectError(await codeCall(token, 'email/change', { email: thief }), 403, 'contact-change-needs-proof');
    await expectError(
      await codeCall(token, 'email/change', { email: thief, currentPassword: 'not-mine-1' }),
      401,
      'wrong-password',
    );
    expect(await outboxFor(thief)).toHaveLength(0);
    const current = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });
    expect(current.json()).toMatchObject({ email: user.email, phone: user.phone });
    // A phone given for the first time is no change.
    const fresh = await registerUser(t.app);
    expect((await put(fresh.token, fresh.user.id, { phone: newPhone() })).statusCode).toBe(200);
  });

  it('changes the e-mail with the password and a code sent to the new address; the old address is told', async () => {
    const { token, user } = await registerUser(t.app);
    const moved = `new-${user.email}`;
    const sent = await codeCall(token, 'email/change', { email: moved, currentPassword: validPassword });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'email', target: 'ne…@example.com' });
    // The code went to the new address only; a wrong one changes nothing.
    const code = await latestCode(moved);
    await expectError(
      await codeCall(token, 'email/change/confirm', { code: otherThan(code) }),
      422,
      'invalid-verification-code',
    );
    const changed = await codeCall(token, 'email/change/confirm', { code });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: moved, emailVerified: true });
    const [notice] = await outboxFor(user.email);
    expect(notice?.text).toContain('تغيّر البريد الإلكتروني');
    expect(notice?.code).toBeNull();
    // The old address no longer signs in; the new one does.
    const signIn = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password: validPassword } });
    expect((await signIn(user.email)).statusCode).toBe(401);
    expect((await signIn(moved)).statusCode).toBe(200);
  });

  it('[409 user-exists] for an address another account has', async () => {
    const { token } = await registerUser(t.app);
    const other = await registerUser(t.app);
    await expectError(
      await codeCall(token, 'email/change', { email: other.user.email, currentPassword: validPassword }),
      409,
      'user-exists',
    );
  });

  it("[409 user-already-verified] for the account's own verified address or number; unverified, its code verifies it", async () => {
    const phone = newPhone();
    const { token, user } = await registerUser(t.app, { phone });
    const change = (path: string, payload: object) =>
      codeCall(token, path, { ...payload, currentPassword: validPassword });
    // Not yet verified: the change sends its code to the account's own address, which it then verifies.
    expect((await change('email/change', { email: user.email })).statusCode).toBe(200);
    const verified = await codeCall(token, 'email/change/confirm', { code: await latestCode(user.email) });
    expect(verified.json()).toMatchObject({ email: user.email, emailVerified: true });
    expect((await outboxFor(user.email)).some((m) => m.text.includes('تغيّر البريد الإلكتروني'))).toBe(false);
    const again = await change('email/change', { email: user.email.toUpperCase() });
    await expectError(again, 409, 'user-already-verified');
    expect(again.json().message).toBe('حسابك مؤكَّد بالفعل.');

    await codeCall(token, 'phone/send');
    expect((await codeCall(token, 'phone/verify', { code: await latestCode(phone) })).statusCode).toBe(200);
    const sentBefore = (await outboxFor(phone)).length;
    await expectError(await change('phone/change', { phone }), 409, 'user-already-verified');
    expect(await outboxFor(phone)).toHaveLength(sentBefore);
  });

  it("[422 invalid-email-address] and [422 incorrect-phone] for a new address or number off the spec's patterns", async () => {
    const { token } = await registerUser(t.app, { phone: newPhone() });
    for (const email of ['not-an-email', 'sara@example.technology']) {
      const answer = await codeCall(token, 'email/change', { email, currentPassword: validPassword });
      await expectError(answer, 422, 'invalid-email-address');
      expect(answer.json()).toMatchObject({
        message: 'عنوان البريد الإلكتروني غير صالح.',
        details: { fields: { email: 'email-invalid' } },
      });
    }
    const wrongPhone = await codeCall(token, 'phone/change', { phone: '01312345678', currentPassword: validPassword });
    await expectError(wrongPhone, 422, 'incorrect-phone');
    expect(wrongPhone.json()).toMatchObject({
      message: 'رقم الهاتف غير صحيح.',
      details: { fields: { phone: 'phone-invalid' } },
    });
    // A fault of another kind beside it is a plain bad request, with every field named.
    const both = await codeCall(token, 'phone/change', {
      phone: '01312345678',
      method: 'sms',
      currentPassword: validPassword,
    });
    await expectError(both, 400, 'bad-request');
    expect(Object.keys(both.json().details.fields).sort()).toEqual(['method', 'phone']);
  });

  it('changes the phone with the password and a code sent to the new number; the account e-mail is told', async () => {
    const { token, user } = await registerUser(t.app, { phone: newPhone() });
    const phone = newPhone();
    const sent = await codeCall(token, 'phone/change', { phone, currentPassword: validPassword });
    expect(sent.json()).toMatchObject({ channel: 'whatsapp', target: `${phone.slice(0, 3)}…${phone.slice(-2)}` });
    const changed = await codeCall(token, 'phone/change/confirm', { code: await latestCode(phone) });
    expect(changed.json()).toMatchObject({ phone, phoneVerified: true });
    const [notice] = await outboxFor(user.email);
    expect(notice?.text).toContain('تغيّر رقم الهاتف');
  });

  it('takes a fresh Google sign-in of the account’s own Google identity instead of a password', async () => {
    const identity = { sub: 'google-change-1', email: 'g-change@example.com', name: 'Sara Ali' };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: await t.google.issue(identity) },
    });
    const { token } = signedIn.json() as { token: string };
    const moved = 'g-change-new@example.com';
    const stranger = await t.google.issue({ ...identity, sub: 'google-someone-else', email: 'x@example.com' });
    await expectError(
      await codeCall(token, 'email/change', { email: moved, googleCredential: stranger }),
      401,
      'invalid-google-token',
    );
    const fresh = await t.google.issue(identity);
    expect((await codeCall(token, 'email/change', { email: moved, googleCredential: fresh })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers alike for known and unknown addresses, and only a known one gets a message', async () => {
    const { user } = await registerUser(t.app);
    const unknown = `nobody-${user.id}@example.com`;
    for (const email of [user.email, unknown]) {
      const first = await codeCall(undefined, 'password/send', { email });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true });
      const again = await codeCall(undefined, 'password/send', { email });
      await expectError(again, 429, 'verification-code-cooldown');
      expect(again.json().details).toEqual({ retryAfterSeconds: 60 });
    }
    expect(await outboxFor(unknown)).toHaveLength(0);
    const [message] = await outboxFor(user.email);
    expect(message?.text).toContain(message?.code);
  });

  it('does the same steps for known and unknown addresses: the request only queues a job', async () => {
    const { user } = await registerUser(t.app);
    const steps = async (email: string) => {
      const before = await dbFingerprint(t.database.db);
      const jobsBefore = (await queuedJobs(t, PASSWORD_CODE_JOB)).length;
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/confirmation-code/password/send',
        payload: { email },
      });
      const jobs = await queuedJobs<{ email: string }>(t, PASSWORD_CODE_JOB);
      return {
        status: answer.statusCode,
        body: answer.json(),
        changedTables: changedTables(before, await dbFingerprint(t.database.db)),
        newJobs: jobs.slice(jobsBefore).map((job) => Object.keys(job.data)),
      };
    };
    const known = await steps(user.email);
    const unknown = await steps(`nobody-${user.id}@example.com`);
    // The job holds the address and, under its reserved key, the id of the request that queued it.
    expect(known).toEqual({ status: 200, body: { ok: true }, changedTables: [], newJobs: [['email', JOB_REQUEST_ID]] });
    expect(unknown).toEqual(known);
    // The job, where the difference lives, out of the answer: a message for the account, nothing otherwise.
    await t.app.jobs.run(PASSWORD_CODE_JOB, { email: user.email });
    await t.app.jobs.run(PASSWORD_CODE_JOB, { email: `nobody-${user.id}@example.com` });
    expect(await outboxFor(user.email)).toHaveLength(1);
    expect(await outboxFor(`nobody-${user.id}@example.com`)).toHaveLength(0);
  });

  it('sets the new password, signs out every device and verifies the e-mail', async () => {
    const { token, user } = await registerUser(t.app);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email: user.email, password } });
    const otherDevice = (await signIn(validPassword)).json().token as string;
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);

    const reset = await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'fresh-pass9' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });
    for (const old of [token, otherDevice]) {
      await expectError(
        await injectAs(t.app, old, { method: 'GET', url: '/api/v1/user/current' }),
        401,
        'unauthenticated',
      );
    }
    await expectError(await signIn(validPassword), 401, 'wrong-password');
    const fresh = await signIn('fresh-pass9');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user).toMatchObject({ id: user.id, emailVerified: true });

    const reuse = await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'other-pass9' });
    await expectError(reuse, 422, 'expired-verification-code');
  });

  it('[422 invalid-verification-code] for a wrong code or an unknown address, changing nothing', async () => {
    const { token, user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    const wrong = await codeCall(undefined, 'password/confirm', {
      email: user.email,
      code: otherThan(code),
      password: 'fresh-pass9',
    });
    await expectError(wrong, 422, 'invalid-verification-code');
    const unknown = await codeCall(undefined, 'password/confirm', {
      email: `ghost-${user.id}@example.com`,
      code,
      password: 'fresh-pass9',
    });
    await expectError(unknown, 422, 'invalid-verification-code');
    expect((await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' })).statusCode).toBe(200);
  });

  it('[422 expired-verification-code] for a reset code older than 10 minutes', async () => {
    const { user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    t.clock.advance(10 * MINUTE);
    const late = await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'fresh-pass9' });
    await expectError(late, 422, 'expired-verification-code');
  });

  it('[400 bad-request] for a weak password, [422 invalid-email-address] for a malformed address, changing nothing', async () => {
    const { user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    await expectError(
      await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'short' }),
      400,
      'bad-request',
    );
    await expectError(
      await codeCall(undefined, 'password/send', { email: 'not-an-email' }),
      422,
      'invalid-email-address',
    );
    const ok = await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'fresh-pass9' });
    expect(ok.statusCode).toBe(200);
  });

  it('checks a reset code without using it up, then the same code sets the password', async () => {
    const { user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    for (let i = 0; i < 2; i++) {
      const check = await codeCall(undefined, 'password/check', { email: user.email.toUpperCase(), code });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ ok: true });
    }
    const reset = await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'fresh-pass9' });
    expect(reset.statusCode).toBe(200);
    await expectError(
      await codeCall(undefined, 'password/check', { email: user.email, code }),
      422,
      'expired-verification-code',
    );
  });

  it('[422 invalid-verification-code] from the check for a wrong code, costing a try, or an unknown address', async () => {
    const { user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i++) {
      await expectError(
        await codeCall(undefined, 'password/check', { email: user.email, code: otherThan(code) }),
        422,
        'invalid-verification-code',
      );
    }
    // Five wrong checks used the code's tries: the right code no longer works, not even to set the password.
    await expectError(
      await codeCall(undefined, 'password/check', { email: user.email, code }),
      422,
      'expired-verification-code',
    );
    await expectError(
      await codeCall(undefined, 'password/confirm', { email: user.email, code, password: 'fresh-pass9' }),
      422,
      'expired-verification-code',
    );
    // An unknown address answers as a wrong code does, whatever the code.
    await expectError(
      await codeCall(undefined, 'password/check', { email: `ghost-check-${user.id}@example.com`, code }),
      422,
      'invalid-verification-code',
    );
  });

  it('[422 expired-verification-code] from the check for a reset code older than 10 minutes', async () => {
    const { user } = await registerUser(t.app);
    await codeCall(undefined, 'password/send', { email: user.email });
    const code = await latestCode(user.email);
    t.clock.advance(10 * MINUTE);
    await expectError(
      await codeCall(undefined, 'password/check', { email: user.email, code }),
      422,
      'expired-verification-code',
    );
  });

  it('[400 bad-request] from the check for a malformed code or extra fields, [422 invalid-email-address] for an address', async () => {
    for (const payload of [
      { email: 'a@example.com', code: '1234' },
      { email: 'not-an-email', code: '1234' },
      { email: 'a@example.com', code: '12345', password: 'fresh-pass9' },
      { email: 'a@example.com' },
    ]) {
      await expectError(await codeCall(undefined, 'password/check', payload), 400, 'bad-request');
    }
    const address = await codeCall(undefined, 'password/check', { email: 'not-an-email', code: '12345' });
    await expectError(address, 422, 'invalid-email-address');
  });

  it('[429 too-many-requests] for a sixth reset code to one address within the hour', async () => {
    for (const email of [(await registerUser(t.app)).user.email, 'nobody-cap@example.com']) {
      for (let i = 0; i < 5; i++) {
        expect((await codeCall(undefined, 'password/send', { email })).statusCode).toBe(200);
        t.clock.advance(MINUTE);
      }
      await expectError(await codeCall(undefined, 'password/send', { email }), 429, 'too-many-requests');
    }
  });
});

describe('with a real Telegram bot configured', () => {
  let bot: TestApp;
  beforeAll(async () => {
    bot = await buildTestApp({ env: { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_API_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(() => bot.close());

  it('[422 unresolved-phone] until the user has started the bot, then sends to their chat', async () => {
    const { token, user } = await registerUser(bot.app, { phone: newPhone() });
    const send = () =>
      injectAs(bot.app, token, {
        method: 'POST',
        url: '/api/v1/confirmation-code/phone/send',
        payload: { method: 'telegram' },
      });
    await expectError(await send(), 422, 'unresolved-phone');
    await bot.database.db.update(users).set({ telegramChatId: '987654321' }).where(eq(users.id, user.id));
    expect((await send()).statusCode).toBe(200);
    const outbox = await bot.app.inject({ method: 'GET', url: '/dev/outbox.json?to=987654321' });
    expect(outbox.json().list[0]).toMatchObject({ channel: 'telegram', recipient: '987654321' });
  });
});

describe('rate limits of the public calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '2' } });
  });
  afterAll(() => limited.close());

  it('[429 too-many-requests] past the per-minute limit of each password call', async () => {
    const calls = {
      'password/send': (i: number) => ({ email: `limit-${i}@example.com` }),
      'password/check': (i: number) => ({ email: `limit-${i}@example.com`, code: '12345' }),
      'password/confirm': (i: number) => ({ email: `limit-${i}@example.com`, code: '12345', password: 'fresh-pass9' }),
    };
    for (const [path, payload] of Object.entries(calls)) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          await limited.app.inject({ method: 'POST', url: `/api/v1/confirmation-code/${path}`, payload: payload(i) }),
        );
      }
      expect(answers[2]?.statusCode).toBe(429);
      expect(answers[2]?.json().code).toBe('too-many-requests');
    }
  });
});
