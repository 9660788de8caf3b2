import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/**
 * Platform settings (DESIGN §4 "policies are settings"): one JSON value per key; a missing key means the
 * default from `packages/domain`. Values are validated by the settings schema before they are written.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [foreignKeyOf('platform_settings', t.updatedBy, users.id, 'set null')],
);

export type PlatformSetting = typeof platformSettings.$inferSelect;
export type NewPlatformSetting = typeof platformSettings.$inferInsert;
