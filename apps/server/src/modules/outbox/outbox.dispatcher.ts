import { AppError } from '@darsak/domain/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import { DeliveryError, type MessageAttachment, type Messengers } from '../../providers/messaging/messenger.ts';
import * as repo from './outbox.repo.ts';
import type { OutboxMessage } from './outbox.table.ts';
import { attachmentsOf, type OutboxAttachment, toOutgoing } from './outbox.ts';

export interface DispatcherOptions {
  db: Db;
  clock: Clock;
  messengers: Messengers;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Failed sends are counted, by channel and whether the message is retried or given up. */
  metrics: Pick<Metrics, 'deliveryFailed'>;
  /** Makes a file an e-mail carries (a receipt) when it is sent; without it, messages go without their files. */
  attachment?: (attachment: OutboxAttachment) => Promise<MessageAttachment>;
  /** How often due messages and retries are looked for besides the kicks. */
  intervalMs?: number;
  batchSize?: number;
  /** How long a claimed message is this dispatcher's before another may take it (a crash mid-send). */
  leaseMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** Exponential backoff: base, 2×base, 4×base … capped. */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

// The code a person typed must not outlive its delivery in plain text once a real provider has it.
const CODE_MASK = '•••••';

/** What every line about a message's delivery names: its `reqId` leads back to the request that wrote it. */
const aboutMessage = (row: OutboxMessage) => ({
  outboxId: row.id,
  channel: row.channel,
  attempts: row.attempts,
  reqId: row.requestId ?? undefined,
});

const describe = (error: unknown): string => {
  if (error instanceof AppError) return error.details?.reason ? `${error.code}: ${error.details.reason}` : error.code;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Sends outbox messages after their transaction committed. Any number of dispatchers (one per server instance)
 * may run: rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so each message is sent by one of them.
 * Temporary failures are retried with backoff up to `maxAttempts`; permanent ones are marked failed at once.
 */
export function createOutboxDispatcher(options: DispatcherOptions) {
  const { db, clock, messengers, log, metrics } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 15_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let kickedWhileRunning = false;
  let started = false;

  async function recordFailure(row: OutboxMessage, error: unknown) {
    const lastError = describe(error).slice(0, 1000);
    const permanent = error instanceof AppError || (error instanceof DeliveryError && error.permanent);
    if (permanent || row.attempts >= maxAttempts) {
      metrics.deliveryFailed(row.channel, 'given-up');
      await repo.markFailed(db, row.id, { lastError });
      log.warn({ ...aboutMessage(row), lastError }, 'message not delivered');
      return;
    }
    metrics.deliveryFailed(row.channel, 'retrying');
    const providerWaitMs = error instanceof DeliveryError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
    const waitMs = Math.max(providerWaitMs, retryDelayMs(row.attempts, retryBaseMs, retryMaxMs));
    const nextAttemptAt = new Date(clock.now().getTime() + waitMs);
    await repo.markRetry(db, row.id, { nextAttemptAt, lastError });
    log.info({ ...aboutMessage(row), lastError, nextAttemptAt }, 'message not delivered yet: retrying');
  }

  async function deliver(row: OutboxMessage) {
    const messenger = messengers[row.channel];
    const message = toOutgoing(row);
    let providerMessageId: string;
    try {
      const files = attachmentsOf(row);
      if (files.length && options.attachment) message.attachments = await Promise.all(files.map(options.attachment));
      providerMessageId = await messenger.send(message);
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    const redacted =
      messenger.delivery === 'provider' && message.code
        ? { body: row.body.replaceAll(message.code, CODE_MASK), params: null }
        : {};
    await repo.markSent(db, row.id, { providerMessageId, sentAt: clock.now(), ...redacted });
    log.info({ ...aboutMessage(row), providerMessageId }, 'message sent');
  }

  /** One round: claims a batch of due messages and delivers them; answers how many it claimed. */
  async function runOnce(): Promise<number> {
    const now = clock.now();
    const rows = await repo.claimDue(db, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: batchSize });
    await Promise.all(rows.map(deliver));
    return rows.length;
  }

  async function drain() {
    do {
      kickedWhileRunning = false;
      while ((await runOnce()) === batchSize) {
        // a full batch: more may be due
      }
    } while (kickedWhileRunning);
  }

  /** Starts a round now, or one more right after the current round (messages committed meanwhile). */
  function kick(): void {
    if (!started) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'outbox dispatch round failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runOnce,
    kick,
    start(): void {
      if (started) return;
      started = true;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    /** Stops the rounds and waits for the one in flight (the app's onClose). */
    async stop(): Promise<void> {
      started = false;
      clearInterval(timer);
      await running;
    },
  };
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
