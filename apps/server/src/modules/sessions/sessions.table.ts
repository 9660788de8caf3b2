import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foreignKeyOf } from '../../platform/db/foreign-key.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { demoSessions, interviews } from '../onboarding/onboarding.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The live video call of one lesson, interview or demo session (spec SESSION, room/session types without
 * `general`, which is chat only). Who may join and when follows from the owning row. Status numbers are the
 * spec's Session status (§4): pending 1, passed 2, rejected 3, canceled by tutor manager 4, canceled by tutor 5,
 * canceled by admin 6; a lesson's call follows where the lesson ended, written with it (`lessonSessionStatus`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['lesson', 'interview', 'demoSession'] }).notNull(),
    lessonId: integer('lesson_id'),
    interviewId: integer('interview_id'),
    demoSessionId: integer('demo_session_id'),
    status: smallint('status').notNull().default(1),
    /** First time anybody joined, and when the call closed. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_lesson_key').on(t.lessonId),
    uniqueIndex('sessions_interview_key').on(t.interviewId),
    uniqueIndex('sessions_demo_session_key').on(t.demoSessionId),
    check('sessions_type_check', sql`${t.type} in ('lesson', 'interview', 'demoSession')`),
    check(
      'sessions_owner_check',
      sql`num_nonnulls(${t.lessonId}, ${t.interviewId}, ${t.demoSessionId}) = 1 and (${t.type} <> 'lesson' or ${t.lessonId} is not null) and (${t.type} <> 'interview' or ${t.interviewId} is not null) and (${t.type} <> 'demoSession' or ${t.demoSessionId} is not null)`,
    ),
    check('sessions_status_check', sql`${t.status} between 1 and 6`),
    foreignKeyOf('sessions', t.lessonId, lessons.id, 'cascade'),
    foreignKeyOf('sessions', t.interviewId, interviews.id, 'cascade'),
    foreignKeyOf('sessions', t.demoSessionId, demoSessions.id, 'cascade'),
  ],
);

/**
 * The timeline of a call: join, leave, drop (socket lost) and reconnect of each member, and media-up and media-down
 * as each member's client reports its peer connection (a lesson's minutes are measured from both: attendanceOf).
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['join', 'leave', 'drop', 'reconnect', 'media-up', 'media-down'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_events_session_idx').on(t.sessionId, t.at),
    index('session_events_user_idx').on(t.userId, t.at),
    check(
      'session_events_kind_check',
      sql`${t.kind} in ('join', 'leave', 'drop', 'reconnect', 'media-up', 'media-down')`,
    ),
    foreignKeyOf('session_events', t.sessionId, sessions.id, 'cascade'),
    foreignKeyOf('session_events', t.userId, users.id, 'cascade'),
  ],
);

/**
 * What each member's browser measured of a call, one row per report (`session:quality`, every 15 s while connected):
 * how the media went (directly or relayed, and over what) and how well. Staff read them summed up per member.
 */
export const callQualitySamples = pgTable(
  'call_quality_samples',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull(),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    seconds: smallint('seconds').notNull(),
    candidateType: text('candidate_type', { enum: ['host', 'srflx', 'prflx', 'relay'] }),
    protocol: text('protocol', { enum: ['udp', 'tcp'] }),
    relayProtocol: text('relay_protocol', { enum: ['udp', 'tcp', 'tls'] }),
    rttMs: integer('rtt_ms'),
    lossPercent: real('loss_percent'),
    jitterMs: integer('jitter_ms'),
    sendKbps: integer('send_kbps'),
    receiveKbps: integer('receive_kbps'),
    freezes: smallint('freezes').notNull(),
    audioOnlySeconds: smallint('audio_only_seconds').notNull(),
    iceFailures: smallint('ice_failures').notNull(),
  },
  (t) => [
    index('call_quality_samples_session_idx').on(t.sessionId, t.at),
    check('call_quality_samples_seconds_check', sql`${t.seconds} between 1 and 120`),
    check('call_quality_samples_loss_check', sql`${t.lossPercent} between 0 and 100`),
    check(
      'call_quality_samples_path_check',
      sql`${t.candidateType} in ('host', 'srflx', 'prflx', 'relay') and ${t.protocol} in ('udp', 'tcp') and (${t.relayProtocol} is null or ${t.relayProtocol} in ('udp', 'tcp', 'tls'))`,
    ),
    foreignKeyOf('call_quality_samples', t.sessionId, sessions.id, 'cascade'),
    foreignKeyOf('call_quality_samples', t.userId, users.id, 'cascade'),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type SessionEvent = typeof sessionEvents.$inferSelect;
export type NewSessionEvent = typeof sessionEvents.$inferInsert;
