import type { ErrorCode } from '../errors/codes.ts';

/** Rooms a socket joins: its user, and the channels its role may follow (spec §4 channels). */
export const userRoom = (userId: number) => `user:${userId}`;
export const CHANNELS = ['tutors', 'admin-invoices', 'server-stats'] as const;
export type Channel = (typeof CHANNELS)[number];
export const channelRoom = (channel: Channel) => `channel:${channel}`;

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
  'transaction:status': (payload: TransactionStatusPayload) => void;
  'invoice:updated': (payload: InvoiceEventPayload) => void;
  'invoice:deleted': (payload: InvoiceEventPayload) => void;
  'tutors:changed': (payload: { tutorId: number | null }) => void;
  'server:stats': (payload: Record<string, number>) => void;
}

export interface ClientToServerEvents {
  'channel:subscribe': (payload: { channel: Channel }, ack: (result: Ack<null>) => void) => void;
  'channel:unsubscribe': (payload: { channel: Channel }, ack: (result: Ack<null>) => void) => void;
}
