import { z } from 'zod';
import { ChatMemberSchema } from '../chat/chat.schemas.ts';
import { IdParam, IdParams } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { CALL_EVENT_KINDS } from '../lessons/lessons.presence.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { UploadCheckInput, UploadCheckSchema } from './network-check.ts';
import { RoomTypeSchema, SessionJoinStateSchema, SessionStatusSchema } from './sessions.schemas.ts';

/** An RTCIceServer: STUN, or TURN with time-limited credentials (coturn REST scheme). */
export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

const SessionWindowFields = {
  /** Members may join from here (10 minutes before the start) until the end. */
  opensAt: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** From here a student whose tutor never joined sees "tutor did not attend". */
  noShowAt: z.string(),
  /** What the join screen shows now; null once the tutor is in. */
  joinState: SessionJoinStateSchema.nullable(),
};

export const SessionEventSchema = z.object({
  userId: z.number().int(),
  kind: z.enum(CALL_EVENT_KINDS),
  at: z.string(),
});
export type SessionEvent = z.infer<typeof SessionEventSchema>;

/** A live call with its members and timeline (join, leave, drop, reconnect, media up and down of each member). */
export const SessionSchema = z.object({
  id: z.number().int(),
  type: RoomTypeSchema.exclude(['general']),
  lessonId: z.number().int().nullable(),
  interviewId: z.number().int().nullable(),
  demoSessionId: z.number().int().nullable(),
  status: SessionStatusSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  members: z.array(ChatMemberSchema),
  events: z.array(SessionEventSchema),
  ...SessionWindowFields,
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionTokenSchema = z.object({
  /** Short-lived; sent with `session:join`. */
  token: z.string(),
  expiresAt: z.string(),
  sessionId: z.number().int(),
  type: RoomTypeSchema.exclude(['general']),
  /** What the call belongs to: exactly one is set. */
  lessonId: z.number().int().nullable(),
  interviewId: z.number().int().nullable(),
  demoSessionId: z.number().int().nullable(),
  /** The room of the in-session chat. */
  roomId: z.number().int(),
  iceServers: z.array(IceServerSchema),
  ...SessionWindowFields,
});
export type SessionToken = z.infer<typeof SessionTokenSchema>;

/** The call of a lesson, an interview or a demo session (the same live room for all three). */
export const SessionTokenQuery = z
  .strictObject({ lessonId: IdParam.optional(), interviewId: IdParam.optional(), demoSessionId: IdParam.optional() })
  .refine((q) => [q.lessonId, q.interviewId, q.demoSessionId].filter((id) => id !== undefined).length === 1, {
    message: 'one-call-owner',
    path: ['lessonId'],
  });
export type SessionTokenQuery = z.infer<typeof SessionTokenQuery>;

/** The owner of a call as the token query names it. */
export type CallOwner = { type: 'lesson' | 'interview' | 'demoSession'; id: number };
export function callOwnerOf(query: SessionTokenQuery): CallOwner {
  if (query.interviewId !== undefined) return { type: 'interview', id: query.interviewId };
  if (query.demoSessionId !== undefined) return { type: 'demoSession', id: query.demoSessionId };
  return { type: 'lesson', id: query.lessonId ?? 0 };
}

/**
 * Lessons are between a tutor (or tutor manager) and a student, interviews and demo sessions between an applicant
 * tutor and a tutor manager; admins read calls for disputes.
 */
const MEMBERS = ['student', 'tutor', 'tutorManager'] as const;

/** SESSION calls of spec §7; joining, signalling and media toggles go over the socket (`session:*` events). */
export const sessionsContract = {
  token: defineRoute({
    tags: ['session'],
    auth: MEMBERS,
    method: 'GET',
    path: '/api/v1/session/token',
    summary:
      'A join token and ICE servers for the call of a lesson, interview or demo session (its two members, inside its time window)',
    query: SessionTokenQuery,
    response: SessionTokenSchema,
    errors: ['lesson-not-found', 'interview-not-found', 'demo-session-not-found', 'forbidden', 'session-not-open'],
  }),
  uploadCheck: defineRoute({
    tags: ['session'],
    auth: MEMBERS,
    method: 'POST',
    path: '/api/v1/session/upload-check',
    summary:
      'Counts and drops what was sent: the ready screen times the upload to tell a member what the call can carry',
    body: UploadCheckInput,
    response: UploadCheckSchema,
    errors: [],
  }),
  get: defineRoute({
    tags: ['session'],
    auth: [...MEMBERS, ...ROLE_GROUPS.admins],
    method: 'GET',
    path: '/api/v1/session/:id',
    summary: 'A call with its members and timeline (members and admins)',
    params: IdParams,
    response: SessionSchema,
    errors: ['session-not-found', 'forbidden'],
  }),
} as const;
