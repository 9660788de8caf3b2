import type { RoleId } from '@darsak/domain/users';
import type { InvalidationBus } from '../../platform/cache/invalidation-bus.ts';

/** A live session as the authenticator reads it: whose it is, their role, and until when it lives. */
export interface SessionVerdict {
  userId: number;
  role: RoleId;
  expiresAt: Date;
}

/**
 * How long an instance trusts a live session it read without reading it again. Every revocation (sign-out,
 * password change or reset, a disabled account, a role change) is told to every instance at once; this bound
 * only covers a message lost while Redis is away.
 */
export const SESSION_VERDICT_TTL_MS = 10_000;
/** Entries kept at most (the oldest go first): a bound on memory whatever the number of sessions. */
const MAX_VERDICTS = 50_000;

/**
 * Each instance's short memory of live sessions, so an authenticated request does not read its session from the
 * database every time (issue 14: that read was half of the current user's round trips). Only live sessions are
 * kept (a refusal is read again each time), each until its own expiry or the TTL, whichever is first.
 *
 * Revocation stays immediate on every instance: callers forget a session or a user's sessions AFTER the change
 * commits, on the invalidation bus (Redis pub/sub across instances); a read that began before a forget does not
 * keep what it read, as it may have seen the row before the change.
 */
export function createSessionVerdicts(bus: InvalidationBus, nowMs: () => number = Date.now) {
  const kept = new Map<string, { verdict: SessionVerdict; until: number }>();
  let generation = 0;

  bus.subscribe('auth-sessions', (key) => {
    generation += 1;
    if (key?.startsWith('session:')) kept.delete(key.slice('session:'.length));
    else if (key?.startsWith('user:')) {
      const userId = Number(key.slice('user:'.length));
      for (const [sid, { verdict }] of kept) if (verdict.userId === userId) kept.delete(sid);
    } else kept.clear();
  });

  return {
    /** The session's verdict: kept, or read with `load` (null: not live) and kept when live. */
    async read(
      sessionId: string,
      now: Date,
      load: () => Promise<SessionVerdict | null>,
    ): Promise<SessionVerdict | null> {
      const hit = kept.get(sessionId);
      if (hit && hit.until > nowMs() && hit.verdict.expiresAt > now) return hit.verdict;
      const started = generation;
      const verdict = await load();
      if (verdict && started === generation) {
        kept.delete(sessionId); // re-inserted last: the Map's order is the age the bound evicts by
        kept.set(sessionId, { verdict, until: nowMs() + SESSION_VERDICT_TTL_MS });
        if (kept.size > MAX_VERDICTS) kept.delete(kept.keys().next().value as string);
      }
      return verdict;
    },
    /** After a sign-out commits: every instance reads this session again. */
    forgetSession: (sessionId: string) => bus.publish('auth-sessions', `session:${sessionId}`),
    /** After a change of the user's sessions, status or role commits: every instance reads them again. */
    forgetUser: (userId: number) => bus.publish('auth-sessions', `user:${userId}`),
  };
}
export type SessionVerdicts = ReturnType<typeof createSessionVerdicts>;
