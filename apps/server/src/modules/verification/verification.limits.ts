import { MS_PER_HOUR } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { VerificationSettings } from '@darsak/domain/settings';
import { resendWaitSeconds } from '@darsak/domain/verification';
import type { Clock } from '../../platform/clock.ts';

/**
 * The resend cooldown and the hourly cap (DESIGN §4, platform settings), from the send times of the last hour,
 * newest first: `verification-code-cooldown` or `too-many-requests`, each with the seconds until a send is allowed.
 */
export type IssueLimits = Pick<VerificationSettings, 'resendCooldownSeconds' | 'maxCodesPerHour'>;

export function assertCanIssue(issuedAtMs: readonly number[], nowMs: number, limits: IssueLimits): void {
  const newest = issuedAtMs[0];
  const wait = newest === undefined ? 0 : resendWaitSeconds(newest, nowMs, limits.resendCooldownSeconds);
  if (wait > 0) throw new AppError('verification-code-cooldown', { retryAfterSeconds: wait });
  const leavingLast = issuedAtMs[limits.maxCodesPerHour - 1];
  if (leavingLast !== undefined) {
    throw new AppError('too-many-requests', {
      retryAfterSeconds: Math.max(1, Math.ceil((leavingLast + MS_PER_HOUR - nowMs) / 1000)),
    });
  }
}

/**
 * The same limits per e-mail address, kept in memory: a public password-reset request then answers alike whether
 * or not an account has that address, so the answer never tells who is registered. Bounded to `maxAddresses`,
 * forgetting the least recently asked first.
 */
export function createAddressThrottle(clock: Clock, maxAddresses = 10_000) {
  const sends = new Map<string, number[]>();
  return {
    /** Counts a send to `address` now, or throws as `assertCanIssue` does. */
    hit(address: string, limits: IssueLimits): void {
      const now = clock.now().getTime();
      const recent = (sends.get(address) ?? []).filter((at) => at > now - MS_PER_HOUR);
      assertCanIssue(recent, now, limits);
      sends.delete(address);
      sends.set(address, [now, ...recent]);
      if (sends.size > maxAddresses) {
        const oldest = sends.keys().next().value;
        if (oldest !== undefined) sends.delete(oldest);
      }
    },
  };
}
