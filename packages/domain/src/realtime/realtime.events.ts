import type {
  ChatMessage,
  EditMessageInput,
  MessageRef,
  PinMessageInput,
  ReadInput,
  ReadPayload,
  SendMessageInput,
  TypingInput,
  TypingPayload,
} from '../chat/chat.schemas.ts';
import type { ErrorCode } from '../errors/codes.ts';
import type { ReportStatus } from '../reports/reports.enums.ts';
import type { InstanceStats } from '../server-stats/server-stats.contract.ts';
import type { CallQualityInput } from '../sessions/call-quality.ts';
import type {
  ConnectionInput,
  JoinSessionInput,
  MediaInput,
  MediaPayload,
  PeerPayload,
  SessionJoined,
  SessionRef,
  SessionStatePayload,
  SignalInput,
  SignalPayload,
} from '../sessions/signalling.ts';

/** Rooms a socket joins: its user, and the channels its role may follow (spec §4 channels). */
export const userRoom = (userId: number) => `user:${userId}`;
export const CHANNELS = ['tutors', 'admin-invoices', 'server-stats', 'onboarding', 'reports'] as const;
export type Channel = (typeof CHANNELS)[number];
export const channelRoom = (channel: Channel) => `channel:${channel}`;
/** The sockets that joined a live call (`session:join`); signalling is relayed inside it only. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

export interface LessonEventPayload {
  lessonId: number;
  tutorId: number;
  studentId: number;
  startsAt: string;
  durationMinutes: number;
  status: string;
}

export interface TransactionStatusPayload {
  transactionId: number;
  /** TransactionStatus number (spec §4). */
  status: number;
  subscriptionId: number | null;
}

export interface InvoiceEventPayload {
  invoiceId: number;
  status: number;
}

/** A problem report filed or moved: enough for staff to name it without reading it again. */
export interface ReportEventPayload {
  reportId: number;
  status: ReportStatus;
  title: string;
}

/** The answer every client → server event gets: the same `{code, message}` shape as HTTP errors. */
export type Ack<T> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; details?: Record<string, unknown> };

/**
 * Server → client events of spec §4, named `domain:verb` (past tense for facts). Issue-specific modules add
 * their events here so client and server share one list.
 */
export interface ServerToClientEvents {
  'lesson:booked': (payload: LessonEventPayload) => void;
  'lesson:rebooked': (payload: LessonEventPayload & { previousLessonId: number }) => void;
  'lesson:cancelled': (payload: LessonEventPayload) => void;
  /** A held lesson ended (at its end, or earlier after its call stayed down too long): its minutes are counted. */
  'lesson:ended': (payload: LessonEventPayload) => void;
  'transaction:status': (payload: TransactionStatusPayload) => void;
  'invoice:updated': (payload: InvoiceEventPayload) => void;
  'invoice:deleted': (payload: InvoiceEventPayload) => void;
  /** A problem report filed, to admins on the `reports` channel. */
  'report:created': (payload: ReportEventPayload) => void;
  /** A problem report moved (open, in_progress or resolved), to its reporter and the `reports` channel. */
  'report:updated': (payload: ReportEventPayload) => void;
  'tutors:changed': (payload: { tutorId: number | null }) => void;
  /** An applicant's onboarding moved (to them, the manager concerned and the `onboarding` channel of staff). */
  'onboarding:changed': (payload: {
    tutorId: number;
    step: 'introVideo' | 'interview' | 'demoSession' | 'photoSession' | 'activated';
  }) => void;
  /** One instance's figures every few seconds, to admins on the `server-stats` channel. */
  'server:stats': (payload: InstanceStats) => void;
  /** A new message, to the room's members (the sending socket has it in its ack). */
  'chat:message': (message: ChatMessage) => void;
  /** A message edited, deleted or (un)pinned. */
  'chat:updated': (message: ChatMessage) => void;
  'chat:typing': (payload: TypingPayload) => void;
  'chat:read': (payload: ReadPayload) => void;
  'session:peer-joined': (payload: PeerPayload) => void;
  'session:peer-left': (payload: PeerPayload) => void;
  'session:signal': (payload: SignalPayload) => void;
  'session:media': (payload: MediaPayload) => void;
  'session:state': (payload: SessionStatePayload) => void;
}

export interface ClientToServerEvents {
  /**
   * Answered at once, and does nothing else: whether this socket still reaches the server (a call whose path died
   * asks; socket.io's own pings tell only after some 45 s).
   */
  'connection:check': (payload: Record<string, never>, ack: (result: Ack<null>) => void) => void;
  'channel:subscribe': (payload: { channel: Channel }, ack: (result: Ack<null>) => void) => void;
  'channel:unsubscribe': (payload: { channel: Channel }, ack: (result: Ack<null>) => void) => void;
  /** Acknowledged once the message is stored; a retry with the same clientMessageId returns the stored one. */
  'chat:send': (payload: SendMessageInput, ack: (result: Ack<ChatMessage>) => void) => void;
  'chat:edit': (payload: EditMessageInput, ack: (result: Ack<ChatMessage>) => void) => void;
  'chat:delete': (payload: MessageRef, ack: (result: Ack<ChatMessage>) => void) => void;
  'chat:pin': (payload: PinMessageInput, ack: (result: Ack<ChatMessage>) => void) => void;
  /** Volatile: relayed to the other members, never stored. */
  'chat:typing': (payload: TypingInput, ack?: (result: Ack<null>) => void) => void;
  'chat:read': (payload: ReadInput, ack: (result: Ack<null>) => void) => void;
  /** With the token of `GET /api/v1/session/token`. */
  'session:join': (payload: JoinSessionInput, ack: (result: Ack<SessionJoined>) => void) => void;
  'session:leave': (payload: SessionRef, ack: (result: Ack<null>) => void) => void;
  /** Relayed only to the session's other member. */
  'session:signal': (payload: SignalInput, ack?: (result: Ack<null>) => void) => void;
  /** What the member's browser measured of the call since its last report (every 15 s while connected). */
  'session:quality': (payload: CallQualityInput, ack?: (result: Ack<null>) => void) => void;
  /** Camera and microphone on or off, relayed to the other member. */
  'session:media': (payload: MediaInput, ack?: (result: Ack<null>) => void) => void;
  /** Media flowing to the other member or not, recorded on the call's timeline (a lesson's minutes follow it). */
  'session:connection': (payload: ConnectionInput, ack?: (result: Ack<null>) => void) => void;
}
