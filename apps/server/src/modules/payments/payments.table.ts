import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { coupons, plans } from '../plans/plans.table.ts';
import { users } from '../users/users.table.ts';

/** Card tokens saved at the provider (never card numbers): the card list of PAYMENT /card-token. */
export const cardTokens = pgTable(
  'card_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    provider: text('provider', { enum: ['fawry', 'paymob'] }).notNull(),
    token: text('token').notNull(),
    lastFour: text('last_four'),
    brand: text('brand'),
    expiryMonth: smallint('expiry_month'),
    expiryYear: smallint('expiry_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_tokens_provider_token_key').on(t.provider, t.token),
    index('card_tokens_user_idx').on(t.userId),
    check('card_tokens_provider_check', sql`${t.provider} in ('fawry', 'paymob')`),
    check('card_tokens_last_four_check', sql`${t.lastFour} is null or ${t.lastFour} ~ '^[0-9]{4}$'`),
    check('card_tokens_expiry_month_check', sql`${t.expiryMonth} is null or ${t.expiryMonth} between 1 and 12`),
    foreignKeyOf('card_tokens', t.userId, users.id, 'cascade'),
  ],
);

/**
 * One payment attempt for a plan and period (spec TRANSACTION). Status numbers of spec §4:
 * new 0, paid 1, canceled 2, refunded 3, expired 4, partial refunded 5, failed 6, processed 7.
 * `amount_piastres` is what the buyer is charged, after `discount_piastres` (coupon) is taken off.
 * `idempotency_key` is the checkout's key: a student never pays twice for one checkout
 * (`transactions_one_paid_per_checkout` counts every status in which money was taken: 1, 3, 5, 7), and
 * never holds two open payments (`transactions_one_open_per_student`: status new, until it is paid, failed,
 * cancelled or expired), so two tabs cannot both be paid. `weekly_minutes` is what was bought, copied from the
 * plan at checkout.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    planId: integer('plan_id').notNull(),
    period: text('period', { enum: ['month', 'quarter', 'year', 'freeTrial'] }).notNull(),
    weeklyMinutes: integer('weekly_minutes').notNull(),
    couponId: integer('coupon_id'),
    cardTokenId: integer('card_token_id'),
    method: text('method', { enum: ['card', 'eWallet', 'bankInstallment', 'cashReference'] }).notNull(),
    provider: text('provider', { enum: ['fawry', 'paymob'] }).notNull(),
    merchantRefNum: text('merchant_ref_num').notNull(),
    /**
     * DRS-2026-000123: the receipt's number, given once in the transaction that records the payment as paid, from
     * that Cairo year's counter (`receipt_counters`); every payment in which money was taken has one.
     */
    receiptNumber: text('receipt_number'),
    /** The provider's own reference (Fawry reference number, Paymob order id), once known. */
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key'),
    amountPiastres: integer('amount_piastres').notNull(),
    discountPiastres: integer('discount_piastres').notNull().default(0),
    refundedPiastres: integer('refunded_piastres').notNull().default(0),
    /** Instalments chosen for a bank-instalment payment. */
    installments: smallint('installments'),
    /**
     * Opened while a paid subscription was under way: it buys the next period, from that one's end. A payment
     * paid while a paid subscription runs that was not opened so is a duplicate, refunded.
     */
    forNextPeriod: boolean('for_next_period').notNull().default(false),
    status: smallint('status').notNull().default(0),
    /** The last payload received from the provider (callback or status sync), as sent. */
    providerPayload: jsonb('provider_payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_merchant_ref_key').on(t.merchantRefNum),
    uniqueIndex('transactions_receipt_number_key').on(t.receiptNumber),
    uniqueIndex('transactions_provider_ref_key').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
    uniqueIndex('transactions_one_paid_per_checkout')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null and ${t.status} in (1, 3, 5, 7)`),
    uniqueIndex('transactions_one_open_per_student').on(t.userId).where(sql`${t.status} = 0`),
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_status_expires_idx').on(t.status, t.expiresAt),
    index('transactions_coupon_idx').on(t.couponId),
    check('transactions_status_check', sql`${t.status} between 0 and 7`),
    check('transactions_weekly_minutes_check', sql`${t.weeklyMinutes} > 0 and ${t.weeklyMinutes} <= 10080`),
    check('transactions_period_check', sql`${t.period} in ('month', 'quarter', 'year', 'freeTrial')`),
    check('transactions_method_check', sql`${t.method} in ('card', 'eWallet', 'bankInstallment', 'cashReference')`),
    check('transactions_provider_check', sql`${t.provider} in ('fawry', 'paymob')`),
    check('transactions_amount_check', sql`${t.amountPiastres} >= 0 and ${t.discountPiastres} >= 0`),
    check(
      'transactions_refunded_check',
      sql`${t.refundedPiastres} >= 0 and ${t.refundedPiastres} <= ${t.amountPiastres}`,
    ),
    check('transactions_installments_check', sql`${t.installments} is null or ${t.installments} between 1 and 12`),
    check('transactions_paid_at_check', sql`${t.status} not in (1, 3, 5, 7) or ${t.paidAt} is not null`),
    check(
      'transactions_receipt_number_check',
      sql`(${t.status} not in (1, 3, 5, 7) or ${t.receiptNumber} is not null) and (${t.receiptNumber} is null or ${t.receiptNumber} ~ '^DRS-[0-9]{4}-[0-9]{6,}$')`,
    ),
    foreignKeyOf('transactions', t.userId, users.id, 'restrict'),
    foreignKeyOf('transactions', t.planId, plans.id, 'restrict'),
    foreignKeyOf('transactions', t.couponId, coupons.id, 'restrict'),
    foreignKeyOf('transactions', t.cardTokenId, cardTokens.id, 'set null'),
  ],
);

/**
 * The last receipt number given in each Cairo year: taken and raised in the transaction that records a payment as
 * paid, under the row's lock, so numbers run 1, 2, 3 … without a gap or a repeat (a rolled-back payment gives its
 * number back).
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: smallint('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [
    check('receipt_counters_year_check', sql`${t.year} between 2000 and 9999`),
    check('receipt_counters_last_check', sql`${t.last} > 0`),
  ],
);

/** Every status change of a transaction: who (or which source) moved it, when, from what to what. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** user: the buyer; admin: staff; provider: a provider callback; sync: a status poll; system: a job. */
    source: text('source', { enum: ['user', 'admin', 'provider', 'sync', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    note: text('note'),
    payload: jsonb('payload'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transaction_events_transaction_idx').on(t.transactionId, t.at),
    check(
      'transaction_events_status_check',
      sql`(${t.fromStatus} is null or ${t.fromStatus} between 0 and 7) and ${t.toStatus} between 0 and 7`,
    ),
    check('transaction_events_source_check', sql`${t.source} in ('user', 'admin', 'provider', 'sync', 'system')`),
    foreignKeyOf('transaction_events', t.transactionId, transactions.id, 'cascade'),
    foreignKeyOf('transaction_events', t.actorId, users.id, 'set null'),
  ],
);

/**
 * Each refund we ask a provider for, recorded under the transaction's lock before the call: the provider is asked at
 * most once per row, and a transaction has at most one refund in flight (`payment_refunds_one_in_flight`), so
 * refunds of one payment are serialised and their sum, checked under the lock, never passes the amount paid.
 * `targetRefundedPiastres` is the transaction's refunded total once this refund is through.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
    targetRefundedPiastres: integer('target_refunded_piastres').notNull(),
    /** requested: the provider is being asked (or its answer was lost); done; failed: the provider refused. */
    status: text('status', { enum: ['requested', 'done', 'failed'] })
      .notNull()
      .default('requested'),
    source: text('source', { enum: ['user', 'admin', 'provider', 'sync', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_one_in_flight').on(t.transactionId).where(sql`${t.status} = 'requested'`),
    index('payment_refunds_transaction_idx').on(t.transactionId, t.createdAt),
    check('payment_refunds_amount_check', sql`${t.amountPiastres} > 0`),
    check('payment_refunds_target_check', sql`${t.targetRefundedPiastres} >= ${t.amountPiastres}`),
    check('payment_refunds_status_check', sql`${t.status} in ('requested', 'done', 'failed')`),
    check('payment_refunds_settled_check', sql`(${t.status} = 'requested') = (${t.settledAt} is null)`),
    foreignKeyOf('payment_refunds', t.transactionId, transactions.id, 'cascade'),
    foreignKeyOf('payment_refunds', t.actorId, users.id, 'set null'),
  ],
);

/**
 * Idempotency keys of pay requests: a retried request with the same key gets the first answer back
 * instead of charging again; the same key with another body (`request_hash`) is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    transactionId: integer('transaction_id'),
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_key_check', sql`char_length(${t.key}) between 1 and 200`),
    foreignKeyOf('idempotency_keys', t.userId, users.id, 'cascade'),
    foreignKeyOf('idempotency_keys', t.transactionId, transactions.id, 'set null'),
  ],
);

/**
 * A student's opt-in to automatic renewal with a saved card (issue 31; off by default, one row while on): each
 * period is charged at its end by the card token, merchant-initiated (payments.auto-renewal.ts). Deleting the row
 * is the one-step cancel; a refused charge deletes it too (she renews by hand then). It goes with the card.
 */
export const autoRenewals = pgTable(
  'auto_renewals',
  {
    userId: integer('user_id').primaryKey(),
    cardTokenId: integer('card_token_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKeyOf('auto_renewals', t.userId, users.id, 'cascade'),
    foreignKeyOf('auto_renewals', t.cardTokenId, cardTokens.id, 'cascade'),
  ],
);

export type AutoRenewal = typeof autoRenewals.$inferSelect;
export type CardToken = typeof cardTokens.$inferSelect;
export type NewCardToken = typeof cardTokens.$inferInsert;
export type Transaction = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type TransactionEvent = typeof transactionEvents.$inferSelect;
export type NewTransactionEvent = typeof transactionEvents.$inferInsert;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type NewIdempotencyKey = typeof idempotencyKeys.$inferInsert;
