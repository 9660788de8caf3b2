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
import { assets } from '../assets/assets.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { tutors, users } from '../users/users.table.ts';

/*
 * Tutor money. The balance is derived, never stored:
 *   available = sum(earnings_entries.amount_piastres) − reserved − paid out, where a request in 0 or 1 reserves
 *   its amount (the larger of it and a proposed amount waiting for approval), 3 paid it out, and 2 and 4 release
 *   it. Withdrawals lock the tutor row first.
 */

const BANKS = sql.raw(`'CIB', 'ALEX', 'NBE', 'MISR', 'QNB', 'MASHREQ', 'AAIB'`);

/** One credit to a tutor's balance: a fulfilled lesson's price, or a signed staff adjustment. */
export const earningsEntries = pgTable(
  'earnings_entries',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    kind: text('kind', { enum: ['lesson', 'adjustment'] })
      .notNull()
      .default('lesson'),
    lessonId: integer('lesson_id'),
    amountPiastres: integer('amount_piastres').notNull(),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A lesson is credited at most once, however often fulfilment runs.
    uniqueIndex('earnings_entries_lesson_key').on(t.lessonId),
    index('earnings_entries_tutor_idx').on(t.tutorId, t.createdAt),
    check('earnings_entries_kind_check', sql`${t.kind} in ('lesson', 'adjustment')`),
    check(
      'earnings_entries_amount_check',
      sql`(${t.kind} = 'lesson' and ${t.lessonId} is not null and ${t.amountPiastres} >= 0) or (${t.kind} = 'adjustment' and ${t.lessonId} is null and ${t.amountPiastres} <> 0)`,
    ),
    foreignKeyOf('earnings_entries', t.tutorId, tutors.userId, 'restrict'),
    foreignKeyOf('earnings_entries', t.lessonId, lessons.id, 'restrict'),
    foreignKeyOf('earnings_entries', t.createdBy, users.id, 'set null'),
  ],
);

/** A tutor's saved payout method (spec withdraw method: wallet 0, bank 1, Instapay 2). */
export const withdrawMethods = pgTable(
  'withdraw_methods',
  {
    id: serial('id').primaryKey(),
    tutorId: integer('tutor_id').notNull(),
    method: smallint('method').notNull(),
    bank: text('bank'),
    phone: text('phone'),
    accountNumber: text('account_number'),
    receiver: text('receiver'),
    username: text('username'),
    instapayAddress: text('instapay_address'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdraw_methods_one_default_per_tutor').on(t.tutorId).where(sql`${t.isDefault}`),
    index('withdraw_methods_tutor_idx').on(t.tutorId),
    check('withdraw_methods_method_check', sql`${t.method} between 0 and 2`),
    check('withdraw_methods_bank_check', sql`${t.bank} is null or ${t.bank} in (${BANKS})`),
    check('withdraw_methods_phone_check', sql`${t.phone} is null or ${t.phone} ~ '^01[0125][0-9]{8}$'`),
    check(
      'withdraw_methods_instapay_check',
      sql`${t.instapayAddress} is null or ${t.instapayAddress} ~* '^[A-Za-z0-9_.]+@instapay$'`,
    ),
    check(
      'withdraw_methods_fields_check',
      sql`(${t.method} <> 0 or ${t.phone} is not null) and (${t.method} <> 1 or (${t.bank} is not null and ${t.accountNumber} is not null)) and (${t.method} <> 2 or ${t.instapayAddress} is not null)`,
    ),
    foreignKeyOf('withdraw_methods', t.tutorId, tutors.userId, 'cascade'),
  ],
);

/**
 * A tutor's proposed update of a pending request, waiting for an admin's "approve update": the whole new amount
 * and payout details, as copied from a saved method (the invoice's own column names), so approving it is a copy.
 */
export interface InvoiceUpdateRecord {
  amountPiastres: number;
  withdrawMethodId: number | null;
  method: number;
  phone: string | null;
  bank: string | null;
  accountNumber: string | null;
  receiver: string | null;
  instapayAddress: string | null;
}

/**
 * A withdrawal request (DESIGN §4 Withdrawal machine). Status of spec §4: pending approval 0, pending
 * cancellation 1, canceled 2, approved 3, rejected 4; `label` tells which move led there. The payout details
 * are copied onto the invoice, so editing a saved method never changes a request already made.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
    status: smallint('status').notNull().default(0),
    label: text('label', {
      enum: [
        'pending',
        'updated-by-receiver',
        'canceled-by-receiver',
        'cancellation-approved-by-admin',
        'canceled-by-admin',
        'fulfilled',
        'rejected',
      ],
    })
      .notNull()
      .default('pending'),
    method: smallint('method').notNull(),
    withdrawMethodId: integer('withdraw_method_id'),
    bank: text('bank'),
    phone: text('phone'),
    accountNumber: text('account_number'),
    receiver: text('receiver'),
    username: text('username'),
    instapayAddress: text('instapay_address'),
    adminNote: text('admin_note'),
    receiptAssetId: integer('receipt_asset_id'),
    addressedBy: integer('addressed_by'),
    addressedAt: timestamp('addressed_at', { withTimezone: true }),
    /** The tutor's edit waiting for approval; present exactly while the label is updated-by-receiver. */
    pendingUpdate: jsonb('pending_update').$type<InvoiceUpdateRecord>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_owner_status_idx').on(t.ownerId, t.status),
    index('invoices_status_created_idx').on(t.status, t.createdAt),
    // 100 to 50,000 EGP (spec §5, §9).
    check('invoices_amount_check', sql`${t.amountPiastres} between 10000 and 5000000`),
    check('invoices_status_check', sql`${t.status} between 0 and 4`),
    check(
      'invoices_label_check',
      sql`(${t.status} = 0 and ${t.label} in ('pending', 'updated-by-receiver')) or (${t.status} = 1 and ${t.label} = 'canceled-by-receiver') or (${t.status} = 2 and ${t.label} in ('cancellation-approved-by-admin', 'canceled-by-admin')) or (${t.status} = 3 and ${t.label} = 'fulfilled') or (${t.status} = 4 and ${t.label} = 'rejected')`,
    ),
    check(
      'invoices_pending_update_check',
      sql`(${t.label} = 'updated-by-receiver') = (${t.pendingUpdate} is not null)`,
    ),
    check(
      'invoices_pending_amount_check',
      sql`${t.pendingUpdate} is null or ((${t.pendingUpdate}->>'amountPiastres')::int between 10000 and 5000000)`,
    ),
    check('invoices_method_check', sql`${t.method} between 0 and 2`),
    check('invoices_bank_check', sql`${t.bank} is null or ${t.bank} in (${BANKS})`),
    check('invoices_phone_check', sql`${t.phone} is null or ${t.phone} ~ '^01[0125][0-9]{8}$'`),
    check(
      'invoices_instapay_check',
      sql`${t.instapayAddress} is null or ${t.instapayAddress} ~* '^[A-Za-z0-9_.]+@instapay$'`,
    ),
    check(
      'invoices_method_fields_check',
      sql`(${t.method} <> 0 or ${t.phone} is not null) and (${t.method} <> 1 or (${t.bank} is not null and ${t.accountNumber} is not null)) and (${t.method} <> 2 or ${t.instapayAddress} is not null)`,
    ),
    // Marked fulfilled only with the transfer receipt.
    check('invoices_receipt_check', sql`${t.status} <> 3 or ${t.receiptAssetId} is not null`),
    foreignKeyOf('invoices', t.ownerId, tutors.userId, 'restrict'),
    foreignKeyOf('invoices', t.withdrawMethodId, withdrawMethods.id, 'set null'),
    foreignKeyOf('invoices', t.receiptAssetId, assets.id, 'restrict'),
    foreignKeyOf('invoices', t.addressedBy, users.id, 'set null'),
  ],
);

/** Every move of an invoice: who, when, from which status to which, with which label and note. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').notNull(),
    actorId: integer('actor_id'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    label: text('label').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_events_invoice_idx').on(t.invoiceId, t.at),
    check(
      'invoice_events_status_check',
      sql`(${t.fromStatus} is null or ${t.fromStatus} between 0 and 4) and ${t.toStatus} between 0 and 4`,
    ),
    foreignKeyOf('invoice_events', t.invoiceId, invoices.id, 'cascade'),
    foreignKeyOf('invoice_events', t.actorId, users.id, 'set null'),
  ],
);

export type EarningsEntry = typeof earningsEntries.$inferSelect;
export type NewEarningsEntry = typeof earningsEntries.$inferInsert;
export type WithdrawMethod = typeof withdrawMethods.$inferSelect;
export type NewWithdrawMethod = typeof withdrawMethods.$inferInsert;
export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceEvent = typeof invoiceEvents.$inferSelect;
export type NewInvoiceEvent = typeof invoiceEvents.$inferInsert;
