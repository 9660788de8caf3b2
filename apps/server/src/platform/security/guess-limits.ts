import { AppError } from '@darsak/domain/errors';
import type { Redis } from 'ioredis';
import { connectOnRequestPath, orFallback, type RedisConnect } from '../redis.ts';

/**
 * Fixed-window counters by key: in this process, or in Redis when REDIS_URL is set so that every instance of a
 * deployment counts the same guesses.
 */
export interface CounterStore {
  /** Adds one to `key`'s current window and answers the count and the milliseconds until the window ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one back (a guess that proved right). */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(maxKeys = 100_000): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async increment(key, windowMs) {
      const now = Date.now();
      const current = windows.get(key);
      const window = current && current.endsAt > now ? current : { count: 0, endsAt: now + windowMs };
      window.count += 1;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      return { count: window.count, resetInMs: window.endsAt - now };
    },
    async decrement(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    close: async () => undefined,
  };
}

// INCR, and start the window's expiry on its first hit; one round trip, atomic across instances.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

export function redisCounterStore(redis: Redis, prefix: string): CounterStore {
  return {
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(INCREMENT, 1, `${prefix}:${key}`, windowMs)) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async decrement(key) {
      await redis.eval(
        "if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end",
        1,
        `${prefix}:${key}`,
      );
    },
    close: async () => void (await redis.quit()),
  };
}

/** One Redis connection for the limits of an instance (the per-client route limits, guesses, socket events). */
export function limitsRedis(connect: RedisConnect): Redis {
  return connectOnRequestPath(connect);
}

/**
 * Counts in Redis, and in this process while Redis is away: each instance then holds the limit on its own (a safe
 * local limit, never none), and counts in Redis again once it answers.
 */
export function resilientCounterStore(shared: CounterStore, local = memoryCounterStore()): CounterStore {
  return {
    increment: (key, windowMs) =>
      orFallback(
        () => shared.increment(key, windowMs),
        () => local.increment(key, windowMs),
      ),
    decrement: (key) =>
      orFallback(
        () => shared.decrement(key),
        () => local.decrement(key),
      ),
    close: async () => void (await Promise.allSettled([shared.close(), local.close()])),
  };
}

/** The limits' counters: Redis (with its fallback) when the deployment has one, else this process. */
export const countersOf = (connection: Redis | undefined, prefix: string): CounterStore =>
  connection ? resilientCounterStore(redisCounterStore(connection, prefix)) : memoryCounterStore();

export interface GuessLimits {
  /**
   * Runs `attempt` as one guess at `account` (a password for an e-mail address, a code for an account): past
   * `max` guesses in the window it answers `too-many-requests` with the seconds left, without trying. A guess
   * that proves right is not counted. The limit follows the account, not the client address, so rotating
   * addresses or instances gains nothing; it only slows guessing down for the window and never locks anyone out
   * for longer.
   */
  guard<T>(account: string, attempt: () => Promise<T>): Promise<T>;
}

/** The guesses allowed per window; read per guess, so an admin's change applies without a restart. */
export type GuessLimitsInForce = () => Promise<{ max: number; windowMs: number }>;

export function createGuessLimits(store: CounterStore, limits: GuessLimitsInForce): GuessLimits {
  return {
    async guard(account, attempt) {
      const { max, windowMs } = await limits();
      const { count, resetInMs } = await store.increment(account, windowMs);
      if (count > max) {
        throw new AppError('too-many-requests', { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
      }
      const result = await attempt();
      await store.decrement(account);
      return result;
    },
  };
}
