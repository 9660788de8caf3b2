import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { assets } from '../assets/assets.table.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { demoSessions, interviews } from '../onboarding/onboarding.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Chat rooms (spec room types: general, lesson, interview, demo session). A general room between two people
 * carries `direct_key` = "<smaller user id>:<larger user id>", so the pair never gets a second room
 * (room-exists); a lesson, interview or demo-session room points at its owner, one room each.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['general', 'lesson', 'interview', 'demoSession'] }).notNull(),
    name: text('name'),
    directKey: text('direct_key'),
    lessonId: integer('lesson_id'),
    interviewId: integer('interview_id'),
    demoSessionId: integer('demo_session_id'),
    createdBy: integer('created_by'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_direct_key').on(t.directKey),
    uniqueIndex('chat_rooms_lesson_key').on(t.lessonId),
    uniqueIndex('chat_rooms_interview_key').on(t.interviewId),
    uniqueIndex('chat_rooms_demo_session_key').on(t.demoSessionId),
    index('chat_rooms_last_message_idx').on(t.lastMessageAt),
    check('chat_rooms_type_check', sql`${t.type} in ('general', 'lesson', 'interview', 'demoSession')`),
    check('chat_rooms_direct_key_check', sql`${t.directKey} is null or ${t.directKey} ~ '^[0-9]+:[0-9]+$'`),
    check(
      'chat_rooms_owner_check',
      sql`(${t.lessonId} is null or ${t.type} = 'lesson') and (${t.interviewId} is null or ${t.type} = 'interview') and (${t.demoSessionId} is null or ${t.type} = 'demoSession') and (${t.directKey} is null or ${t.type} = 'general')`,
    ),
    foreignKeyOf('chat_rooms', t.lessonId, lessons.id, 'set null'),
    foreignKeyOf('chat_rooms', t.interviewId, interviews.id, 'set null'),
    foreignKeyOf('chat_rooms', t.demoSessionId, demoSessions.id, 'set null'),
    foreignKeyOf('chat_rooms', t.createdBy, users.id, 'set null'),
  ],
);

/**
 * Messages. `client_message_id` is the sender's own id for the message, so a retried send is stored once
 * (`messages_sender_client_message_key`). Deleting keeps the row (`deleted_at`) and clears the body.
 * `sender_id` is null for system notices (lesson booked, cancelled…) and for deleted accounts.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').notNull(),
    senderId: integer('sender_id'),
    clientMessageId: text('client_message_id'),
    body: text('body').notNull(),
    assetId: integer('asset_id'),
    pinned: boolean('pinned').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_message_key').on(t.senderId, t.clientMessageId),
    index('messages_room_idx').on(t.roomId, t.id),
    index('messages_room_pinned_idx').on(t.roomId).where(sql`${t.pinned}`),
    check('messages_body_check', sql`char_length(${t.body}) <= 4000`),
    check('messages_client_message_id_check', sql`char_length(${t.clientMessageId}) between 1 and 100`),
    foreignKeyOf('messages', t.roomId, chatRooms.id, 'cascade'),
    foreignKeyOf('messages', t.senderId, users.id, 'set null'),
    foreignKeyOf('messages', t.assetId, assets.id, 'set null'),
  ],
);

/** Membership of a room, with each member's own view of it: pinned, muted, read up to. */
export const roomMembers = pgTable(
  'room_members',
  {
    roomId: integer('room_id').notNull(),
    userId: integer('user_id').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'room_members_pkey', columns: [t.roomId, t.userId] }),
    index('room_members_user_idx').on(t.userId),
    foreignKeyOf('room_members', t.roomId, chatRooms.id, 'cascade'),
    foreignKeyOf('room_members', t.userId, users.id, 'cascade'),
    foreignKeyOf('room_members', t.lastReadMessageId, messages.id, 'set null'),
  ],
);

export type ChatRoom = typeof chatRooms.$inferSelect;
export type NewChatRoom = typeof chatRooms.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type RoomMember = typeof roomMembers.$inferSelect;
export type NewRoomMember = typeof roomMembers.$inferInsert;
