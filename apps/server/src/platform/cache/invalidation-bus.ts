import { connectOnRequestPath, type RedisConnect } from '../redis.ts';

/**
 * Something cached in each instance's memory that an instance may have to forget: the platform settings, and
 * the verdicts on bearer sessions (with a key: which session or user), the plans offered to visitors, the topics
 * catalogue.
 */
export type InvalidationTopic = 'platform-settings' | 'auth-sessions' | 'public-plans' | 'topics';
type Listener = (key: string | undefined) => void;

/**
 * Tells every instance to forget a cached value: through Redis pub/sub when REDIS_URL is set (each instance,
 * the sender included, hears every message), in this process otherwise (one instance, nothing else to tell).
 * A message lost while Redis is away costs only the cache's short lifetime.
 */
export interface InvalidationBus {
  subscribe(topic: InvalidationTopic, listener: Listener): void;
  /** Forgets here at once, then tells the other instances. */
  publish(topic: InvalidationTopic, key?: string): Promise<void>;
  close(): Promise<void>;
}

function listenersOf() {
  const byTopic = new Map<string, Listener[]>();
  return {
    add: (topic: string, listener: Listener) => byTopic.set(topic, [...(byTopic.get(topic) ?? []), listener]),
    run: (topic: string, key?: string) => {
      for (const listener of byTopic.get(topic) ?? []) listener(key);
    },
  };
}

export function memoryInvalidationBus(): InvalidationBus {
  const listeners = listenersOf();
  return {
    subscribe: listeners.add,
    publish: async (topic, key) => listeners.run(topic, key),
    close: async () => undefined,
  };
}

const ECHO_WAIT_MS = 500;

/** `channel` is one per deployment (under REDIS_CACHE_PREFIX), so two deployments on one Redis never mix. */
export function redisInvalidationBus(connect: RedisConnect, channel: string): InvalidationBus {
  const listeners = listenersOf();
  const publisher = connectOnRequestPath(connect);
  // The subscriber queues its SUBSCRIBE until connected, and ioredis renews it after each reconnection.
  const subscriber = connect({ maxRetriesPerRequest: null });
  // ioredis subscribes again by itself after a reconnection; a failed first try must not crash the process.
  const subscribed = subscriber.subscribe(channel).catch(() => undefined);
  // A message is the topic, then its key after a space when it has one.
  // Publishers waiting to hear their own message back: by then Redis has handed it to every subscriber.
  const echoes = new Map<string, (() => void)[]>();
  subscriber.on('message', (from, message: string) => {
    if (from !== channel) return;
    for (const heard of echoes.get(message) ?? []) heard();
    echoes.delete(message);
    const space = message.indexOf(' ');
    if (space < 0) listeners.run(message);
    else listeners.run(message.slice(0, space), message.slice(space + 1));
  });
  return {
    subscribe: listeners.add,
    async publish(topic, key) {
      listeners.run(topic, key);
      await subscribed;
      const message = key === undefined ? topic : `${topic} ${key}`;
      // The change is answered once the other instances have been told, not merely once Redis was asked to
      // tell them (a revocation must hold for the very next request, wherever it lands); never longer than
      // ECHO_WAIT_MS, so an unreachable Redis delays nothing much.
      let timer: NodeJS.Timeout | undefined;
      const echoed = new Promise<void>((resolve) => {
        echoes.set(message, [...(echoes.get(message) ?? []), resolve]);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      // Redis away: the other instances are not told (their copies live only briefly); nothing waits for it.
      const told = await publisher.publish(channel, message).then(
        () => true,
        () => false,
      );
      if (told) await echoed;
      clearTimeout(timer);
      if (!told) echoes.delete(message);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
