import { MS_PER_MINUTE } from '../common/time.ts';
import { SessionJoinState } from './sessions.enums.ts';

/** The default of the platform setting: members may join a call from this many minutes before its start. */
export const SESSION_OPENS_MINUTES_BEFORE = 10;
/** Lifetime of a join token: enough to open the socket and join; a rejoin asks for a new one. */
export const SESSION_TOKEN_TTL_SECONDS = 5 * 60;

export interface SessionWindow {
  opensAt: Date;
  startsAt: Date;
  endsAt: Date;
}

/** When the two members of a call starting then may join it (`sessionOpensMinutesBefore` platform setting). */
export const sessionOpensAt = (startsAt: Date, opensMinutesBefore: number): Date =>
  new Date(startsAt.getTime() - opensMinutesBefore * MS_PER_MINUTE);

/** The whole minutes a call's view says it opens before its start (its `joinOpensAt`), for the words. */
export const opensMinutesBeforeOf = (call: { startsAt: string; joinOpensAt: string }): number =>
  Math.round((Date.parse(call.startsAt) - Date.parse(call.joinOpensAt)) / MS_PER_MINUTE);

export const sessionWindowOf = (startsAt: Date, endsAt: Date, opensMinutesBefore: number): SessionWindow => ({
  opensAt: sessionOpensAt(startsAt, opensMinutesBefore),
  startsAt,
  endsAt,
});

export const isSessionOpen = (window: SessionWindow, now: Date): boolean =>
  now >= window.opensAt && now < window.endsAt;

/**
 * What the join screen shows (spec §4 session join): before the start everybody waits for it; after it the
 * student waits for the tutor, until the no-show grace has passed without the tutor ever joining. Null once the
 * tutor is in: the call can go on.
 */
export function joinStateOf(input: {
  now: Date;
  startsAt: Date;
  tutorPresent: boolean;
  tutorEverJoined: boolean;
  noShowGraceMinutes: number;
}): SessionJoinState | null {
  if (input.now < input.startsAt) return SessionJoinState.waitingForStart;
  if (input.tutorPresent) return null;
  const graceEnds = input.startsAt.getTime() + input.noShowGraceMinutes * MS_PER_MINUTE;
  if (!input.tutorEverJoined && input.now.getTime() >= graceEnds) return SessionJoinState.tutorDidNotAttend;
  return SessionJoinState.waitingForTutor;
}
