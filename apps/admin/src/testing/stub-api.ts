import type { User } from '@darsak/domain/users';
import { vi } from 'vitest';
import { testToken } from './render-admin.tsx';

export type Answer = { status?: number; body: unknown };
export type Handlers = Record<string, (body: unknown, url: URL) => Answer>;

/**
 * Stubs `fetch` with answers by `METHOD /path` (the signed-in `me` answers the session calls); anything else is
 * 404 `route-not-found`. Returns the calls made, in order.
 */
export function stubApi(me: User, handlers: Handlers) {
  const calls: Array<{ method: string; path: string; body: unknown; query: URLSearchParams }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body, query: url.searchParams });
      const table: Handlers = {
        'POST /api/v1/auth/refresh-token': () => ({ body: { token: testToken } }),
        'GET /api/v1/user/current': () => ({ body: me }),
        ...handlers,
      };
      const answer = table[`${method} ${url.pathname}`]?.(body, url) ?? {
        status: 404,
        body: { code: 'route-not-found' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
