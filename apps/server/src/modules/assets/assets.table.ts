import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/**
 * Stored files. `bucket` is where it is served from: `uploads` at /assets/uploads/{name} (avatars, tutor media,
 * intro videos, chat files) or `receipts` at /assets/receipts/{name} (withdrawal receipts and report files, only
 * to their owner and staff). `type` extends the spec's image, video, thumbnail with the kinds the product stores.
 */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id'),
    bucket: text('bucket', { enum: ['uploads', 'receipts'] }).notNull(),
    type: text('type', { enum: ['image', 'video', 'thumbnail', 'receipt', 'screenshot', 'log', 'file'] }).notNull(),
    /** The storage key, unique within its bucket (random, never the uploader's file name). */
    name: text('name').notNull(),
    originalName: text('original_name'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationSeconds: integer('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assets_bucket_name_key').on(t.bucket, t.name),
    index('assets_owner_idx').on(t.ownerId, t.type),
    check('assets_bucket_check', sql`${t.bucket} in ('uploads', 'receipts')`),
    check(
      'assets_type_check',
      sql`${t.type} in ('image', 'video', 'thumbnail', 'receipt', 'screenshot', 'log', 'file')`,
    ),
    check('assets_name_check', sql`${t.name} ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'`),
    check('assets_size_check', sql`${t.sizeBytes} >= 0`),
    check('assets_duration_check', sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`),
    check(
      'assets_dimensions_check',
      sql`(${t.width} is null or ${t.width} > 0) and (${t.height} is null or ${t.height} > 0)`,
    ),
    foreignKeyOf('assets', t.ownerId, users.id, 'set null'),
    foreignKeyOf('assets', t.createdBy, users.id, 'set null'),
  ],
);

export type Asset = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;
