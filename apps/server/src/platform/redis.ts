import type { Redis, RedisOptions } from 'ioredis';

/** Opens a connection of its own to the deployment's Redis (REDIS_URL). */
export type RedisConnect = (options: RedisOptions) => Redis;

/**
 * Loads ioredis only where REDIS_URL is set: an instance without it never connects, and evaluating ioredis was
 * 2–3% of every start.
 */
export async function redisConnector(url: string): Promise<RedisConnect> {
  // ioredis is CommonJS: its default export is the class, from the sources and from the bundle alike (where a
  // dynamically imported CommonJS chunk has no named exports).
  const { default: Redis } = await import('ioredis');
  return (options) => new Redis(url, options);
}
