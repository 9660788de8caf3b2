import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './guess-limits.ts';

/**
 * The per-route, per-client limits of `@fastify/rate-limit` counted in the deployment's counters (guess-limits.ts),
 * so they share Redis across instances and fall back to this process while Redis is away, as every limit does.
 */
export function routeLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  class RouteLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    // The plugin constructs the store with its options; children name their route.
    constructor(_options?: unknown, prefix = 'route:') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      window: number,
    ) {
      counters.increment(`${this.#prefix}${key}`, window).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged parameters, the route under `routeInfo` (as its own stores read it), whatever
      // its types say.
      const route = (options as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new RouteLimitStore(undefined, `${this.#prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return RouteLimitStore;
}
