import { z } from 'zod';
import { Id } from '../common/ids.ts';
import type { SessionJoinState } from './sessions.enums.ts';

/** Largest SDP relayed: real offers are a few kilobytes, simulcast and many codecs stay far below this. */
export const SDP_MAX_LENGTH = 100_000;

const Sdp = z.string().min(1).max(SDP_MAX_LENGTH);
/** `RTCIceCandidate#toJSON()`; null is the end-of-candidates mark. */
const IceCandidate = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(100).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(1000).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** A WebRTC signalling message, relayed unchanged to the other member (perfect negotiation on the clients). */
export const SignalSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('offer'), sdp: Sdp }),
  z.strictObject({ type: z.literal('answer'), sdp: Sdp }),
  z.strictObject({ type: z.literal('candidate'), candidate: IceCandidate.nullable() }),
]);
export type Signal = z.infer<typeof SignalSchema>;

// Socket events (client → server).
export const JoinSessionInput = z.strictObject({ token: z.string().min(1).max(2000) });
export type JoinSessionInput = z.infer<typeof JoinSessionInput>;
export const SessionRef = z.strictObject({ sessionId: Id });
export type SessionRef = z.infer<typeof SessionRef>;
/**
 * Which peer connections a signal is between: the sender's, and the receiver's it answers (null until the
 * receiver's is known). A call outlives its connections (a rejoin makes new ones on both sides), and a signal held
 * up by a bad network must not reach the connection that replaced the one it was meant for.
 */
export const SignalRoute = z.strictObject({
  from: z.string().min(1).max(64),
  to: z.string().min(1).max(64).nullable(),
});
export type SignalRoute = z.infer<typeof SignalRoute>;
export const SignalInput = z.strictObject({ sessionId: Id, signal: SignalSchema, route: SignalRoute.optional() });
export type SignalInput = z.infer<typeof SignalInput>;
export const MediaInput = z.strictObject({
  sessionId: Id,
  camera: z.boolean(),
  microphone: z.boolean(),
  /** The member's video is paused because their link is too weak for it (the call keeps its audio). */
  weakLink: z.boolean().optional(),
  /** The member asked for audio only: neither side sends video (a weak download saves what video would take). */
  audioOnly: z.boolean().optional(),
});
export type MediaInput = z.infer<typeof MediaInput>;
/** Whether media flows to the other member: the sender's peer connection is up (true) or down. */
export const ConnectionInput = z.strictObject({ sessionId: Id, flowing: z.boolean() });
export type ConnectionInput = z.infer<typeof ConnectionInput>;

/** The `session:join` answer: who is already in, and what the join screen shows. */
export interface SessionJoined {
  sessionId: number;
  lessonId: number | null;
  interviewId: number | null;
  demoSessionId: number | null;
  /** The room of the in-session chat. */
  roomId: number;
  joinState: SessionJoinState | null;
  /** Other members connected now. */
  peers: number[];
}

// Server → client facts of a session.
export interface PeerPayload {
  sessionId: number;
  userId: number;
  /** join/reconnect when arriving; leave (by choice) or drop (connection lost) when going. */
  kind: 'join' | 'reconnect' | 'leave' | 'drop';
}
export interface SignalPayload {
  sessionId: number;
  from: number;
  signal: Signal;
  route?: SignalRoute;
}
export interface MediaPayload {
  sessionId: number;
  userId: number;
  camera: boolean;
  microphone: boolean;
  weakLink?: boolean;
  audioOnly?: boolean;
}
export interface SessionStatePayload {
  sessionId: number;
  joinState: SessionJoinState | null;
}
