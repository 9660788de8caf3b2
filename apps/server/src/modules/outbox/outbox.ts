import { ReceiptLanguageSchema } from '@darsak/domain/payments';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { OutboxBacklog } from '../../platform/metrics/metrics.ts';
import { currentRequestId } from '../../platform/request-context.ts';
import type { OutgoingMessage } from '../../providers/messaging/messenger.ts';
import * as repo from './outbox.repo.ts';
import type { OutboxMessage } from './outbox.table.ts';

export interface OutboxMessageInput extends Omit<OutgoingMessage, 'key' | 'attachments'> {
  userId?: number | undefined;
  /** What the message is about (`verify-email`, `lesson-booked`, …), for people reading the outbox. */
  template?: string | undefined;
  /**
   * For messages sent by jobs, which run at least once: the same key is stored once, so a job retried after a
   * crash between its commit and its completion does not send the message twice.
   */
  dedupeKey?: string | undefined;
  /** Files the e-mail carries, named here and made when it is sent (outbox.dispatcher.ts). */
  attachments?: OutboxAttachment[] | undefined;
}

/** A file an e-mail carries, by what it is: a payment's receipt in one language. */
export const OutboxAttachment = z.strictObject({
  kind: z.literal('receipt'),
  transactionId: z.number().int().positive(),
  lang: ReceiptLanguageSchema,
});
export type OutboxAttachment = z.infer<typeof OutboxAttachment>;

/** Parts of a message kept beside its text; the code is dropped once a real provider has delivered it. */
export const OutboxParams = z
  .object({
    code: z.string().optional(),
    html: z.string().optional(),
    url: z.string().optional(),
    attachments: z.array(OutboxAttachment).optional(),
  })
  .catch({});
export type OutboxParams = z.infer<typeof OutboxParams>;

/** A stored message as the dispatcher sends it. */
export function toOutgoing(row: OutboxMessage): OutgoingMessage {
  const params = OutboxParams.parse(row.params ?? {});
  return {
    channel: row.channel,
    to: row.recipient,
    subject: row.subject ?? undefined,
    text: row.body,
    html: params.html,
    code: params.code,
    url: params.url,
    // Unique across databases too (a reset database reuses ids): the id and the moment it was written.
    key: `darsak-outbox-${row.id}-${row.createdAt.getTime()}`,
  };
}

/** The files a stored message carries, by what they are. */
export const attachmentsOf = (row: OutboxMessage): OutboxAttachment[] =>
  OutboxParams.parse(row.params ?? {}).attachments ?? [];

/** A stored message as a person reads it in local mode. */
export function toOutboxView(row: OutboxMessage) {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    userId: row.userId,
    template: row.template,
    subject: row.subject,
    text: row.body,
    code: OutboxParams.parse(row.params ?? {}).code ?? null,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
export type OutboxView = ReturnType<typeof toOutboxView>;

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  /** Wakes the dispatcher (outbox.dispatcher.ts). */
  kick: () => void;
}

/**
 * The transactional outbox: a message is written in the same transaction as the business change, so it is
 * sent if and only if that change commits; the dispatcher delivers it afterwards.
 */
export function createOutbox(deps: OutboxDeps) {
  return {
    /** Writes the message with the caller's transaction. Call `kick()` once that transaction has committed. */
    async enqueue(tx: Db, message: OutboxMessageInput): Promise<void> {
      const now = deps.clock.now();
      const params: OutboxParams = {
        code: message.code,
        html: message.html,
        url: message.url,
        attachments: message.attachments,
      };
      await repo.insertMessage(tx, {
        channel: message.channel,
        recipient: message.to,
        userId: message.userId ?? null,
        subject: message.subject ?? null,
        body: message.text,
        template: message.template ?? null,
        params: message.code || message.html || message.url || message.attachments?.length ? params : null,
        createdAt: now,
        nextAttemptAt: now,
        dedupeKey: message.dedupeKey ?? null,
        requestId: currentRequestId() ?? null,
      });
    },

    /** Sends what was just committed without waiting for the dispatcher's next round. */
    kick: deps.kick,

    /** Unsent messages per channel and how long the oldest has waited (the metrics' scrape). */
    async backlog(): Promise<OutboxBacklog[]> {
      const now = deps.clock.now().getTime();
      const rows = await repo.pendingByChannel(deps.db);
      return rows.map((r) => ({
        channel: r.channel,
        pending: r.pending,
        oldestAgeSeconds: r.oldest ? Math.max(0, (now - r.oldest.getTime()) / 1000) : 0,
      }));
    },

    async recent(query: { to?: string | undefined; limit: number }): Promise<OutboxView[]> {
      const rows = await repo.listRecent(deps.db, { recipient: query.to, limit: query.limit });
      return rows.map(toOutboxView);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
