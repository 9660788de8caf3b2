import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@darsak/domain/common';
import type { FastifyInstance } from 'fastify';

/** The API, called in process (as the site does for its live plans): the same answers a browser gets. */
export type ApiInProcess = Pick<FastifyInstance, 'inject'>;

/** A page the main app rendered: its HTML for #root and the data block it hydrates from. */
export interface RenderedPage {
  status: number;
  html: string;
  data: string;
}

/** The main app's server rendering (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr/entry-server.js). */
export interface PageRenderer {
  sendApiCallsWith(fetch: typeof globalThis.fetch): void;
  /** A public page, or with the reader's token a signed-in one (isSignedInRenderedPage). */
  renderPage(address: string, locale: Locale, token?: string): Promise<RenderedPage | undefined>;
}

/** A `fetch` answered by the API in process: no socket, no second trip through the proxy. */
export function fetchInProcess(api: ApiInProcess): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), 'http://in-process'), init);
    const { pathname, search } = new URL(request.url);
    const answer = await api.inject({
      method: request.method as 'GET',
      url: `${pathname}${search}`,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}

/**
 * The built renderer, calling `api` in process, or undefined when the main app was built without it (the pages are
 * then rendered in the browser, as every signed-in page is).
 */
export async function loadPageRenderer(file: string, api: ApiInProcess): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  renderer.sendApiCallsWith(fetchInProcess(api));
  return renderer;
}
