import type { SessionToken } from '@darsak/domain/sessions';

/** `n` minutes from now, as the API writes times. */
export const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** A lesson's join token: the call opened 12 minutes before a start 2 minutes ago, waiting for the tutor. */
export function makeSessionToken(overrides: Partial<SessionToken> = {}): SessionToken {
  return {
    token: 'join-token',
    expiresAt: minutesFromNow(5),
    sessionId: 3,
    type: 'lesson',
    lessonId: 42,
    interviewId: null,
    demoSessionId: null,
    roomId: 4,
    iceServers: [{ urls: ['stun:stun.example.test:3478'] }],
    opensAt: minutesFromNow(-12),
    startsAt: minutesFromNow(-2),
    endsAt: minutesFromNow(28),
    noShowAt: minutesFromNow(3),
    joinState: 'waitingForTutor',
    ...overrides,
  };
}
