import { AppError } from '@darsak/domain/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import { manualClock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { createMetrics } from '../../platform/metrics/metrics.ts';
import { runForRequest } from '../../platform/request-context.ts';
import {
  DeliveryError,
  type Messenger,
  type Messengers,
  type OutgoingMessage,
} from '../../providers/messaging/messenger.ts';
import { outboxMessenger } from '../../providers/messaging/outbox.adapter.ts';
import { createOutboxDispatcher, type DispatcherOptions, retryDelayMs } from './outbox.dispatcher.ts';
import { outboxMessages } from './outbox.table.ts';
import { createOutbox, type Outbox, type OutboxMessageInput } from './outbox.ts';

let database: Database;
let outbox: Outbox;
const clock = manualClock('2025-03-01T08:00:00Z');
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  database = await openTestDatabase();
  outbox = createOutbox({ db: database.db, clock, kick: () => undefined });
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(outboxMessages);
});

/** A provider that records what it was given and answers with `answer` (a message id, or a thrown error). */
function recordingMessenger(answer: (message: OutgoingMessage, call: number) => Promise<string> | string): Messenger & {
  sent: OutgoingMessage[];
} {
  const sent: OutgoingMessage[] = [];
  return {
    delivery: 'provider',
    sent,
    async send(message) {
      sent.push(message);
      return answer(message, sent.length);
    },
  };
}

const allBy = (messenger: Messenger): Messengers => ({
  email: messenger,
  whatsapp: messenger,
  telegram: messenger,
  push: messenger,
});

const dispatcherWith = (messenger: Messenger, options: Partial<DispatcherOptions> = {}) =>
  createOutboxDispatcher({
    db: database.db,
    clock,
    messengers: allBy(messenger),
    log,
    metrics: createMetrics(),
    ...options,
  });

async function enqueue(...messages: OutboxMessageInput[]) {
  await database.db.transaction(async (tx) => {
    for (const message of messages) await outbox.enqueue(tx, message);
  });
}

const rows = () => database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
const emailTo = (i: number): OutboxMessageInput => ({ channel: 'email', to: `p${i}@example.com`, text: `hello ${i}` });

describe('outbox dispatcher', () => {
  it('makes the files an e-mail carries when it sends it, and gives up on one that cannot be made', async () => {
    const provider = recordingMessenger(() => 'provider-files');
    const receipt = { kind: 'receipt' as const, transactionId: 7, lang: 'ar' as const };
    await enqueue({ ...emailTo(1), attachments: [receipt, { ...receipt, lang: 'en' }] });
    const attachment = vi.fn(async (file: typeof receipt | { kind: 'receipt'; transactionId: number; lang: 'en' }) => ({
      filename: `receipt-${file.lang}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from('%PDF-'),
    }));
    await dispatcherWith(provider, { attachment }).runOnce();
    expect(provider.sent[0]?.attachments?.map((a) => a.filename)).toEqual(['receipt-ar.pdf', 'receipt-en.pdf']);

    await enqueue({ ...emailTo(2), attachments: [{ ...receipt, transactionId: 8 }] });
    const missing = vi.fn(async () => {
      throw new AppError('transaction-not-found');
    });
    await dispatcherWith(provider, { attachment: missing }).runOnce();
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'failed']);
    expect(provider.sent).toHaveLength(1);
  });

  it('sends a committed message once and records the provider id', async () => {
    const provider = recordingMessenger(() => 'provider-1');
    await enqueue({ channel: 'email', to: 'huda@example.com', subject: 'مرحبًا', text: 'نص', html: '<p>نص</p>' });
    const dispatcher = dispatcherWith(provider);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await dispatcher.runOnce()).toBe(0);
    const [row] = await rows();
    expect(provider.sent).toEqual([
      {
        channel: 'email',
        to: 'huda@example.com',
        subject: 'مرحبًا',
        text: 'نص',
        html: '<p>نص</p>',
        code: undefined,
        key: `darsak-outbox-${row?.id}-${row?.createdAt.getTime()}`,
      },
    ]);
    expect(await rows()).toMatchObject([
      { status: 'sent', attempts: 1, providerMessageId: 'provider-1', sentAt: clock.now(), lastError: null },
    ]);
  });

  it('sends nothing of a transaction that rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, emailTo(1));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await rows()).toHaveLength(0);
  });

  it('sends each message exactly once while two dispatchers race for them', async () => {
    await enqueue(...Array.from({ length: 40 }, (_, i) => emailTo(i)));
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('ok'), 5));
    const first = recordingMessenger(slow);
    const second = recordingMessenger(slow);
    const a = dispatcherWith(first, { batchSize: 3 });
    const b = dispatcherWith(second, { batchSize: 3 });
    const drain = async (d: typeof a) => {
      while ((await d.runOnce()) > 0) {
        // keep claiming until nothing is due
      }
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    const recipients = [...first.sent, ...second.sent].map((m) => m.to);
    expect(recipients).toHaveLength(40);
    expect(new Set(recipients).size).toBe(40);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    if (database.kind === 'postgres') expect(Math.min(first.sent.length, second.sent.length)).toBeGreaterThan(0);
  });

  it('records a temporary failure and retries after the backoff', async () => {
    const flaky = recordingMessenger((_, call) => {
      if (call === 1) throw new DeliveryError('whatsapp', 'HTTP 503 busy', { permanent: false });
      return 'wamid.2';
    });
    await enqueue({ channel: 'whatsapp', to: '01012345678', text: 'درسك: 12345', code: '12345' });
    const dispatcher = dispatcherWith(flaky, { retryBaseMs: 15_000 });
    await dispatcher.runOnce();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'whatsapp: HTTP 503 busy' });
    expect(failed?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 15_000));

    expect(await dispatcher.runOnce()).toBe(0);
    clock.advance(15_000);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await rows()).toMatchObject([
      { status: 'sent', attempts: 2, providerMessageId: 'wamid.2', lastError: null },
    ]);
    expect(flaky.sent.map((m) => m.code)).toEqual(['12345', '12345']);
  });

  it('waits as long as the provider asks before retrying', async () => {
    const limited = recordingMessenger(() => {
      throw new DeliveryError('telegram', 'HTTP 429', { permanent: false, retryAfterSeconds: 90 });
    });
    await enqueue({ channel: 'telegram', to: '987654321', text: 'x' });
    await dispatcherWith(limited, { retryBaseMs: 15_000 }).runOnce();
    expect((await rows())[0]?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 90_000));
  });

  it('marks a permanent failure failed at once, with its reason', async () => {
    let call = 0;
    const refusing = recordingMessenger(() => {
      call += 1;
      if (call === 1) throw new AppError('unresolved-phone', { reason: 'Forbidden: bot was blocked by the user' });
      throw new DeliveryError('email', '550 no such user', { permanent: true });
    });
    await enqueue({ channel: 'telegram', to: '987654321', text: 'x' }, emailTo(2));
    await dispatcherWith(refusing).runOnce();
    expect(await rows()).toMatchObject([
      { status: 'failed', attempts: 1, lastError: 'unresolved-phone: Forbidden: bot was blocked by the user' },
      { status: 'failed', attempts: 1, lastError: 'email: 550 no such user' },
    ]);
  });

  it('gives up after the last attempt', async () => {
    const down = recordingMessenger(() => {
      throw new Error('connect ECONNREFUSED');
    });
    await enqueue(emailTo(3));
    const metrics = createMetrics();
    const dispatcher = dispatcherWith(down, { maxAttempts: 3, retryBaseMs: 1000, metrics });
    for (let i = 0; i < 3; i++) {
      await dispatcher.runOnce();
      clock.advance(60_000);
    }
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 3, lastError: 'connect ECONNREFUSED' }]);
    expect(await dispatcher.runOnce()).toBe(0);
    // Each failed send is counted for the on-call's alert: two retried, then the one given up.
    const failures = await metrics.registry.getSingleMetric('darsak_outbox_delivery_failures_total')?.get();
    expect(failures?.values).toEqual([
      { labels: { channel: 'email', outcome: 'retrying' }, value: 2 },
      { labels: { channel: 'email', outcome: 'given-up' }, value: 1 },
    ]);
  });

  it('retakes a message whose dispatcher stopped mid-send once its lease ends', async () => {
    await enqueue(emailTo(4));
    const hanging = recordingMessenger(() => new Promise<string>(() => undefined));
    void dispatcherWith(hanging, { leaseMs: 120_000 }).runOnce();
    await vi.waitFor(() => expect(hanging.sent).toHaveLength(1));
    const healthy = recordingMessenger(() => 'ok');
    const other = dispatcherWith(healthy, { leaseMs: 120_000 });
    expect(await other.runOnce()).toBe(0);
    clock.advance(120_000);
    expect(await other.runOnce()).toBe(1);
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    // The second attempt carries the first one's key: the provider's idempotency key (e-mail: the Message-ID).
    expect(healthy.sent[0]?.key).toBe(hanging.sent[0]?.key);
  });

  it('masks the code once a real provider has it, and keeps it for the outbox reader', async () => {
    await enqueue(
      { channel: 'email', to: 'a@example.com', text: 'كودك 24680', html: '<b>24680</b>', code: '24680' },
      { channel: 'whatsapp', to: '01012345678', text: 'كودك 13579', code: '13579' },
    );
    await createOutboxDispatcher({
      db: database.db,
      clock,
      log,
      metrics: createMetrics(),
      messengers: {
        email: recordingMessenger(() => 'smtp-1'),
        whatsapp: outboxMessenger,
        telegram: outboxMessenger,
        push: outboxMessenger,
      },
    }).runOnce();
    const [email, whatsapp] = await rows();
    expect(email).toMatchObject({ status: 'sent', body: 'كودك •••••', params: null });
    expect(whatsapp).toMatchObject({ status: 'sent', body: 'كودك 13579', params: { code: '13579' } });
    expect(whatsapp?.providerMessageId).toMatch(/^outbox-/);
  });

  it('logs each delivery, sent or given up, with the id of the request that wrote the message', async () => {
    const requestId = 'caddy-5e1f0a77c4';
    await runForRequest(requestId, () => enqueue(emailTo(8), { channel: 'telegram', to: '42', text: 'x' }));
    await enqueue(emailTo(9)); // written for no request (a cron job)
    const provider = recordingMessenger((message) => {
      if (message.channel === 'telegram') throw new DeliveryError('telegram', 'blocked', { permanent: true });
      return `provider-${message.to}`;
    });
    log.info.mockClear();
    log.warn.mockClear();
    await dispatcherWith(provider).runOnce();
    const [mine, blocked, cron] = await rows();
    expect([mine, blocked, cron].map((row) => row?.requestId)).toEqual([requestId, requestId, null]);
    expect(log.info.mock.calls).toEqual(
      expect.arrayContaining([
        [
          {
            outboxId: mine?.id,
            channel: 'email',
            attempts: 1,
            reqId: requestId,
            providerMessageId: 'provider-p8@example.com',
          },
          'message sent',
        ],
        [
          {
            outboxId: cron?.id,
            channel: 'email',
            attempts: 1,
            reqId: undefined,
            providerMessageId: 'provider-p9@example.com',
          },
          'message sent',
        ],
      ]),
    );
    expect(log.warn.mock.calls).toEqual([
      [
        { outboxId: blocked?.id, channel: 'telegram', attempts: 1, reqId: requestId, lastError: 'telegram: blocked' },
        'message not delivered',
      ],
    ]);
  });

  it('runs on its interval and on kicks once started, and stops cleanly', async () => {
    const provider = recordingMessenger(() => 'ok');
    const dispatcher = dispatcherWith(provider, { intervalMs: 50 });
    const kicked = createOutbox({ db: database.db, clock, kick: dispatcher.kick });
    dispatcher.kick(); // not started: nothing runs
    dispatcher.start();
    await database.db.transaction((tx) => kicked.enqueue(tx, emailTo(5)));
    kicked.kick();
    await vi.waitFor(() => expect(provider.sent).toHaveLength(1));
    await dispatcher.stop();
    await enqueue(emailTo(6));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(provider.sent).toHaveLength(1);
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'pending']);
  });

  it('lists the newest messages first, for one recipient if asked', async () => {
    await enqueue(emailTo(7));
    clock.advance(1000);
    await enqueue({ ...emailTo(8), to: 'P7@example.com', code: '11111' }, emailTo(9));
    expect((await outbox.recent({ limit: 10 })).map((m) => m.text)).toEqual(['hello 9', 'hello 8', 'hello 7']);
    const mine = await outbox.recent({ to: 'p7@EXAMPLE.com', limit: 10 });
    expect(mine.map((m) => [m.text, m.code])).toEqual([
      ['hello 8', '11111'],
      ['hello 7', null],
    ]);
  });
});

describe('retry backoff', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 12].map((n) => retryDelayMs(n, 15_000, 3_600_000))).toEqual([
      15_000, 30_000, 60_000, 120_000, 3_600_000,
    ]);
  });
});

describe('outbox rows', () => {
  it('keep the user and what the message is about', async () => {
    await enqueue({ ...emailTo(10), userId: undefined, template: 'verify-email' });
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'verify-email'));
    expect(row).toMatchObject({ userId: null, recipient: 'p10@example.com', status: 'pending', attempts: 0 });
  });
});
