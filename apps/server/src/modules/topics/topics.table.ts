import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { users } from '../users/users.table.ts';

/** Lesson topics, named in both languages (spec §3 topic). */
export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('topics_name_en_key').on(sql`lower(${t.nameEn})`),
    uniqueIndex('topics_name_ar_key').on(t.nameAr),
    check('topics_name_ar_check', sql`char_length(${t.nameAr}) between 1 and 100`),
    check('topics_name_en_check', sql`char_length(${t.nameEn}) between 1 and 100`),
  ],
);

/** A user's favourite topics (profile stepper, TOPIC /of/user). */
export const userTopics = pgTable(
  'user_topics',
  {
    userId: integer('user_id').notNull(),
    topicId: integer('topic_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_topics_pkey', columns: [t.userId, t.topicId] }),
    index('user_topics_topic_idx').on(t.topicId),
    foreignKeyOf('user_topics', t.userId, users.id, 'cascade'),
    foreignKeyOf('user_topics', t.topicId, topics.id, 'cascade'),
  ],
);

export type Topic = typeof topics.$inferSelect;
export type NewTopic = typeof topics.$inferInsert;
export type UserTopic = typeof userTopics.$inferSelect;
