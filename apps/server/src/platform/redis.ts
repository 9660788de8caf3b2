import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/** Opens a connection of its own to the deployment's Redis (REDIS_URL). */
export type RedisConnect = (options: RedisOptions) => Redis;

/** A connection's failures are logged once per outage, not once per reconnection attempt. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Loads ioredis only where REDIS_URL is set: an instance without it never connects, and evaluating ioredis was
 * 2–3% of every start.
 */
export async function redisConnector(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<RedisConnect> {
  // ioredis is CommonJS: its default export is the class, from the sources and from the bundle alike (where a
  // dynamically imported CommonJS chunk has no named exports).
  const { default: Redis } = await import('ioredis');
  let loggedAt = 0;
  let away = false;
  return (options) => {
    const connection = new Redis(url, options);
    connection.on('error', (error: Error) => {
      away = true;
      if (Date.now() - loggedAt < OUTAGE_LOG_INTERVAL_MS) return;
      loggedAt = Date.now();
      log.warn({ err: error }, 'redis unavailable: caches, limits and fan-out run in this instance until it is back');
    });
    connection.on('ready', () => {
      if (!away) return;
      away = false;
      loggedAt = 0;
      log.info('redis is back');
    });
    return connection;
  };
}

/**
 * A connection on a request's path: Redis holds caches, limits and fan-out only, so once connected a command fails
 * at once while Redis is away (no offline queue) or after 500 ms when it does not answer, and the caller falls back
 * to the database or this process. Before the first connection, commands wait for it (a start is not an outage).
 * ioredis keeps reconnecting in the background, and the next command after it is back uses Redis again.
 */
export function connectOnRequestPath(connect: RedisConnect): Redis {
  const connection = connect({
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
  // ioredis reads this option at each command.
  connection.once('ready', () => {
    connection.options.enableOfflineQueue = false;
  });
  return connection;
}

/** Whether Redis answers now, as the health endpoint reports it: `off` when the deployment has none. */
export type RedisState = () => 'up' | 'down' | 'off';

export const redisStateOf =
  (connection: Redis | undefined): RedisState =>
  () =>
    connection === undefined ? 'off' : connection.status === 'ready' ? 'up' : 'down';

/**
 * Runs `primary` (Redis), and `fallback` (this process) when it fails; `onFailure` hears of each failure, so a
 * store can mend what it missed once Redis is back.
 */
export async function orFallback<T>(
  primary: () => Promise<T>,
  fallback: () => Promise<T>,
  onFailure?: (error: unknown) => void,
): Promise<T> {
  try {
    return await primary();
  } catch (error) {
    onFailure?.(error);
    return fallback();
  }
}
