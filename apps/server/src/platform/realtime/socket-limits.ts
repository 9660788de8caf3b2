import { AppError } from '@darsak/domain/errors';
import type { ClientToServerEvents } from '@darsak/domain/realtime';
import type { CounterStore } from '../security/guess-limits.ts';

type ClientEvent = keyof ClientToServerEvents;

const MINUTE_MS = 60_000;

/**
 * Events one user may send per minute over all their sockets, devices and instances together, by kind. Far above
 * what a person does (a chat message every second, a call's ICE candidates at setup), far below a script's rate.
 */
const PER_MINUTE = {
  /** Messages written, edited, deleted or pinned: each is stored and delivered. */
  chatWrite: 60,
  /** Typing and read marks: delivered, cheap. */
  chatPresence: 240,
  /** Joining and leaving a lesson's session, camera and microphone changes, media going up and down. */
  sessionControl: 60,
  /** WebRTC signalling: offers, answers and bursts of ICE candidates. */
  sessionSignal: 1200,
  /** A call's quality reports: one every 15 s per connection, a few connections at most (another tab, a rejoin). */
  sessionQuality: 12,
} as const;

const KIND_OF: Record<
  Exclude<ClientEvent, 'channel:subscribe' | 'channel:unsubscribe' | 'connection:check'>,
  keyof typeof PER_MINUTE
> = {
  'chat:send': 'chatWrite',
  'chat:edit': 'chatWrite',
  'chat:delete': 'chatWrite',
  'chat:pin': 'chatWrite',
  'chat:typing': 'chatPresence',
  'chat:read': 'chatPresence',
  'session:join': 'sessionControl',
  'session:leave': 'sessionControl',
  'session:media': 'sessionControl',
  'session:connection': 'sessionControl',
  'session:signal': 'sessionSignal',
  'session:quality': 'sessionQuality',
};

export type LimitedEvent = keyof typeof KIND_OF;

/** Counts a user's event in the deployment's counters (Redis when set): `too-many-requests` past its kind's limit. */
export type SocketEventLimiter = (userId: number, event: LimitedEvent) => Promise<void>;

export function createSocketEventLimiter(store: CounterStore): SocketEventLimiter {
  return async (userId, event) => {
    const kind = KIND_OF[event];
    const { count, resetInMs } = await store.increment(`${userId}:${kind}`, MINUTE_MS);
    if (count > PER_MINUTE[kind]) {
      throw new AppError('too-many-requests', { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
    }
  };
}
