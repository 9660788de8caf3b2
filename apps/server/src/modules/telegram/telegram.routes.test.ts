import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { changedTables, dbFingerprint } from '../../../test/harness/db-fingerprint.ts';
import { loadConfig } from '../../config/env.ts';
import { BOT_REPLIES } from './telegram.messages.ts';
import { TELEGRAM_SECRET_HEADER } from './telegram.routes.ts';
import { LINK_TTL_MINUTES, linkUrlOf, webhookSecretOf } from './telegram.service.ts';

const MINUTE = 60_000;
const SECRET = 'webhook-secret_0123456789';
const BOT = { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_USERNAME: 'DarsakBot', TELEGRAM_WEBHOOK_SECRET: SECRET };

let phones = 0;
const newPhone = () => `0102${String(1_000_000 + phones++).padStart(7, '0')}`;
let updates = 0;
let chats = 500_000_000;

/** The update Telegram posts when the user presses START on the deep link (providers.md §3.2). */
function startUpdate(text: string, chatId = chats++, type = 'private') {
  return {
    update_id: ++updates,
    message: {
      message_id: updates,
      from: { id: chatId, is_bot: false, first_name: 'Sara' },
      chat: { id: chatId, type },
      date: 1_740_000_000,
      text,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  };
}

/** Posts an update to the webhook; `null` sends no secret header at all. */
const webhook = (app: TestApp, payload: object, secret: string | null = SECRET) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/telegram/webhook',
    headers: secret === null ? {} : { [TELEGRAM_SECRET_HEADER]: secret },
    payload,
  });

const call = (app: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  injectAs(app.app, token, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });

async function newLink(app: TestApp, token: string) {
  const answer = await call(app, token, 'POST', '/api/v1/user/telegram/link');
  expect(answer.statusCode).toBe(201);
  const { url, expiresAt } = answer.json() as { url: string; expiresAt: string };
  const start = new URL(url).searchParams.get('start') ?? new URL(url).searchParams.get('token') ?? '';
  return { url, expiresAt, start };
}

async function outboxTo(app: TestApp, to: string) {
  const answer = await app.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${to}` });
  return answer.json().list as { channel: string; recipient: string; text: string; code: string | null }[];
}

const status = async (app: TestApp, token: string) =>
  (await call(app, token, 'GET', '/api/v1/user/telegram')).json() as { linked: boolean; linkedAt: string | null };

describe('with a Telegram bot configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: '2025-03-01T08:00:00Z', env: { ...BOT, TELEGRAM_API_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it("gives a single-use deep link to the bot's /start, 15 minutes long", async () => {
    const { token } = await registerUser(t.app);
    expect(await status(t, token)).toEqual({ linked: false, linkedAt: null });
    const link = await newLink(t, token);
    expect(link.url).toMatch(/^https:\/\/t\.me\/DarsakBot\?start=[\w-]{43}$/);
    expect(link.expiresAt).toBe(new Date(t.clock.now().getTime() + LINK_TTL_MINUTES * MINUTE).toISOString());
  });

  it('links the chat that pressed START, replies in Arabic, and then a phone code goes to that chat', async () => {
    const phone = newPhone();
    const { token } = await registerUser(t.app, { phone });
    const sendCode = () =>
      injectAs(t.app, token, {
        method: 'POST',
        url: '/api/v1/confirmation-code/phone/send',
        payload: { method: 'telegram' },
      });
    expect((await sendCode()).json().code).toBe('unresolved-phone');

    const chatId = chats;
    const answer = await webhook(t, startUpdate(`/start ${(await newLink(t, token)).start}`));
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { ok: true } });
    expect(await status(t, token)).toEqual({ linked: true, linkedAt: t.clock.now().toISOString() });
    expect((await outboxTo(t, String(chatId)))[0]).toMatchObject({ channel: 'telegram', text: BOT_REPLIES.linked });

    const sent = await sendCode();
    expect(sent.statusCode).toBe(200);
    expect(sent.json().channel).toBe('telegram');
    const [code] = await outboxTo(t, String(chatId));
    expect(code).toMatchObject({ channel: 'telegram', recipient: String(chatId) });
    expect(code?.code).toMatch(/^\d{5}$/);
  });

  it('[400 invalid-signature] without the secret header or with a wrong one, and links nothing', async () => {
    const { token } = await registerUser(t.app);
    const { start } = await newLink(t, token);
    const before = await dbFingerprint(t.database.db);
    for (const secret of [null, '', 'wrong-secret', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const answer = await webhook(t, startUpdate(`/start ${start}`), secret);
      expect({ secret, status: answer.statusCode, code: answer.json().code }).toEqual({
        secret,
        status: 400,
        code: 'invalid-signature',
      });
    }
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
    expect((await status(t, token)).linked).toBe(false);
  });

  it('refuses an expired token: nothing linked, the bot says to ask for a new link', async () => {
    const { token } = await registerUser(t.app);
    const { start } = await newLink(t, token);
    t.clock.advance(LINK_TTL_MINUTES * MINUTE + 1);
    const chatId = chats;
    expect((await webhook(t, startUpdate(`/start ${start}`))).statusCode).toBe(200);
    expect((await status(t, token)).linked).toBe(false);
    expect((await outboxTo(t, String(chatId)))[0]?.text).toBe(BOT_REPLIES.expired);
  });

  it('refuses a used token from another chat, and a replaced one; a redelivered update is answered once', async () => {
    const { token } = await registerUser(t.app);
    const first = await newLink(t, token);
    const update = startUpdate(`/start ${first.start}`);
    await webhook(t, update);
    const linkedAt = (await status(t, token)).linkedAt;
    // Telegram delivers the same update again when it missed our answer: one reply, the link unchanged.
    expect((await webhook(t, update)).statusCode).toBe(200);
    expect(await outboxTo(t, String(update.message.chat.id))).toHaveLength(1);

    const otherChat = chats;
    expect((await webhook(t, startUpdate(`/start ${first.start}`))).statusCode).toBe(200);
    expect((await outboxTo(t, String(otherChat)))[0]?.text).toBe(BOT_REPLIES.expired);
    expect(await status(t, token)).toEqual({ linked: true, linkedAt });

    const { token: other } = await registerUser(t.app);
    const replaced = await newLink(t, other);
    await newLink(t, other);
    await webhook(t, startUpdate(`/start ${replaced.start}`));
    expect((await status(t, other)).linked).toBe(false);
  });

  it('acknowledges every other update with 200 and changes nothing', async () => {
    const { token } = await registerUser(t.app);
    const { start } = await newLink(t, token);
    const before = await dbFingerprint(t.database.db);
    const others = [
      { update_id: ++updates },
      { update_id: ++updates, edited_message: startUpdate(`/start ${start}`).message },
      { update_id: ++updates, callback_query: { id: '1', data: 'x' } },
      startUpdate(`/start ${start}`, -100_123, 'group'),
      startUpdate('hello'),
      startUpdate(`/start ${'x'.repeat(65)}`),
      { update_id: ++updates, message: { chat: { id: 'not-a-number', type: 'private' }, text: `/start ${start}` } },
    ];
    for (const update of others) {
      const answer = await webhook(t, update);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { ok: true } });
    }
    expect(changedTables(before, await dbFingerprint(t.database.db))).toEqual([]);
  });

  it('answers a bare /start with how to link', async () => {
    const chatId = chats;
    expect((await webhook(t, startUpdate('/start'))).statusCode).toBe(200);
    expect((await outboxTo(t, String(chatId)))[0]?.text).toBe(BOT_REPLIES.noToken);
  });

  it('unlinks: codes by Telegram are unresolved again', async () => {
    const { token } = await registerUser(t.app, { phone: newPhone() });
    await webhook(t, startUpdate(`/start ${(await newLink(t, token)).start}`));
    expect((await status(t, token)).linked).toBe(true);
    const unlinked = await call(t, token, 'DELETE', '/api/v1/user/telegram');
    expect({ status: unlinked.statusCode, body: unlinked.json() }).toEqual({
      status: 200,
      body: { linked: false, linkedAt: null },
    });
    const sent = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/v1/confirmation-code/phone/send',
      payload: { method: 'telegram' },
    });
    expect(sent.json().code).toBe('unresolved-phone');
  });
});

describe('local mode: the Telegram stand-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_APP_URL: 'http://127.0.0.1:4960' } });
  });
  afterAll(() => t.close());

  it('opens the link on the app, and START posts a real update to the webhook, which links the chat', async () => {
    const { token } = await registerUser(t.app);
    const { url, start } = await newLink(t, token);
    expect(url).toBe(`http://127.0.0.1:4960/dev/telegram/start?token=${start}`);
    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    expect(page.statusCode).toBe(200);
    const chat = /name="chat" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    expect(page.body).toContain(start);

    const pressed = await t.app.inject({
      method: 'POST',
      url: '/dev/telegram/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: start, chat }).toString(),
    });
    expect({ status: pressed.statusCode, location: pressed.headers.location }).toEqual({
      status: 303,
      location: `/dev/telegram/chat?chat=${chat}`,
    });
    expect((await status(t, token)).linked).toBe(true);
    const chatPage = await t.app.inject({ method: 'GET', url: `/dev/telegram/chat?chat=${chat}` });
    expect(chatPage.body).toContain('تم ربط حسابك');
  });

  it('the webhook still needs the secret in local mode', async () => {
    const answer = await webhook(t, startUpdate('/start abc'), SECRET);
    expect(answer.json().code).toBe('invalid-signature');
  });
});

describe('configuration', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256!!', ...env });
  const production = {
    SERVER_ENV: 'production',
    DATABASE_URL: 'postgres://db/darsak',
    PUBLIC_APP_URL: 'https://app.darsak.example',
    PUBLIC_ADMIN_URL: 'https://admin.darsak.example',
    PUBLIC_SITE_URL: 'https://darsak.example',
    REDIS_URL: 'redis://redis:6379',
  };

  it('has no deep link and refuses every webhook call in production until the bot and secret are set', () => {
    expect(linkUrlOf(config(production))).toBeUndefined();
    expect(webhookSecretOf(config(production))).toBeUndefined();
    const set = config({ ...production, TELEGRAM_BOT_USERNAME: '@DarsakBot', TELEGRAM_WEBHOOK_SECRET: SECRET });
    expect(linkUrlOf(set)?.('tok')).toBe('https://t.me/DarsakBot?start=tok');
    expect(webhookSecretOf(set)).toBe(SECRET);
  });

  it('refuses a webhook secret Telegram would not accept', () => {
    expect(() => config({ TELEGRAM_WEBHOOK_SECRET: 'has spaces' })).toThrow();
  });
});
