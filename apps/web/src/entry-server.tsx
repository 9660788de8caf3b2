import { createQueryClient } from '@darsak/client';
import { type Locale, loadLocale, registerMessages } from '@darsak/ui/i18n';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { WEB_FEATURES } from './app/messages.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { serverRenderingBlock } from './app/server-rendering.ts';
import { sendApiCallsWith } from './lib/api.ts';

/**
 * The main app's public pages rendered on the server (docs/architecture.md, "Server-rendered public pages"): the
 * server's public-pages module loads this module's build (`dist-ssr/`) and puts what `renderPage` returns into
 * index.html; main.tsx hydrates it.
 */

void registerMessages(...WEB_FEATURES);
const handler = createStaticHandler(routes);

/** The API the pages call: the server hands in its own, in process, before rendering. */
export { sendApiCallsWith };

/** Rendering passes at most: a page's queries are found by rendering it, and one answer may lead to another query. */
const PASSES = 3;

export interface RenderedPage {
  status: number;
  /** The app's HTML, for index.html's #root. */
  html: string;
  /** The data block main.tsx hydrates from. */
  data: string;
}

/** A query the page asked for and nobody has fetched yet (a disabled one waits for the browser, signed in). */
function waiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/** Renders until every query the page asks for is answered; each pass's HTML has the answers of the one before. */
async function renderWithData(render: () => string, queryClient: QueryClient): Promise<string> {
  let html = render();
  for (let pass = 1; pass < PASSES; pass++) {
    const asked = queryClient.getQueryCache().getAll().filter(waiting);
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    html = render();
  }
  return html;
}

/**
 * A page of the main app as a signed-out reader sees it in `locale`, with the API answers it shows; undefined
 * when it cannot be rendered whole (a redirect, a failed answer, a crash), so the browser renders it instead.
 */
export async function renderPage(address: string, locale: Locale): Promise<RenderedPage | undefined> {
  await loadLocale(locale);
  const context = await handler.query(new Request(new URL(address, 'http://page')));
  if (context instanceof Response || context.errors) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // A failed answer is not tried again here: the page is then rendered in the browser, which tries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const render = () =>
    renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient} locale={locale}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  const html = await renderWithData(render, queryClient);
  if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0)
    return undefined;
  const { loaderData, actionData, errors } = context;
  return {
    status: context.statusCode,
    html,
    data: serverRenderingBlock({ router: { loaderData, actionData, errors }, queries: dehydrate(queryClient) }),
  };
}
