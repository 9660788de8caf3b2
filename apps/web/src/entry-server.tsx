import { AsyncLocalStorage } from 'node:async_hooks';
import { createQueryClient, currentUserQuery } from '@darsak/client';
import { isSignedInRenderedPage } from '@darsak/domain/auth';
import { type User, usersContract } from '@darsak/domain/users';
import { type Locale, loadLocale, registerMessages } from '@darsak/ui/i18n';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { WEB_FEATURES } from './app/messages.ts';
import { AppProvider } from './app/provider.tsx';
import { pageDataContext, routes } from './app/router.tsx';
import { serverRenderingBlock } from './app/server-rendering.ts';
import { api, sendApiCallsWith } from './lib/api.ts';
import { type AuthState, renderSessionsWith, SIGNED_OUT } from './lib/auth-store.ts';
import { hasRole, STUDENT_ROLES } from './lib/roles.ts';

/**
 * The main app's public pages rendered on the server (docs/architecture.md, "Server-rendered public pages"): the
 * server's public-pages module loads this module's build (`dist-ssr/`) and puts what `renderPage` returns into
 * index.html; start.tsx hydrates it.
 */

void registerMessages(...WEB_FEATURES);
const handler = createStaticHandler(routes);

/** The session each rendering is for: pages of different readers may be rendered at once, each with its own. */
const sessions = new AsyncLocalStorage<AuthState>();
renderSessionsWith(() => sessions.getStore());

/** The API the pages call: the server hands in its own, in process, before rendering. */
export { sendApiCallsWith };

/** Rendering passes at most: a page's queries are found by rendering it, and one answer may lead to another query. */
const PASSES = 3;

export interface RenderedPage {
  status: number;
  /** The app's HTML, for index.html's #root. */
  html: string;
  /** The data block start.tsx hydrates from. */
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
 * The session of a signed-in page's reader, from her token (the session cookie): her user as the API answers it, or
 * undefined when the token is refused or she is not a student (the only signed-in pages rendered here are hers).
 */
async function sessionOf(token: string): Promise<AuthState | undefined> {
  const signedIn: AuthState = { ...SIGNED_OUT, token };
  const user: User | undefined = await sessions
    .run(signedIn, () => api.callRoute(usersContract.current))
    .catch(() => undefined);
  return user && hasRole(user.role, STUDENT_ROLES) ? { ...signedIn, user } : undefined;
}

/**
 * A page of the main app in `locale`, with the API answers it shows: a public page as a signed-out reader sees it,
 * or a signed-in student's page (isSignedInRenderedPage) for the reader whose token is given. Undefined when it
 * cannot be rendered whole (a redirect, a refused token, a failed answer, a crash), so the browser renders it instead.
 */
export async function renderPage(address: string, locale: Locale, token?: string): Promise<RenderedPage | undefined> {
  const signedInPage = isSignedInRenderedPage(new URL(address, 'http://page').pathname);
  if (!signedInPage) return sessions.run(SIGNED_OUT, () => render(address, locale));
  const session = token ? await sessionOf(token) : undefined;
  return session && sessions.run(session, () => render(address, locale, session.user ?? undefined));
}

async function render(address: string, locale: Locale, signedIn?: User): Promise<RenderedPage | undefined> {
  await loadLocale(locale);
  const queryClient = createQueryClient();
  // A failed answer is not tried again here: the page is then rendered in the browser, which tries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  if (signedIn) queryClient.setQueryData(currentUserQuery(api).queryKey, signedIn);
  const context = await handler.query(new Request(new URL(address, 'http://page')), {
    requestContext: pageDataContext(queryClient)(),
  });
  if (context instanceof Response || context.errors) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () =>
    renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient} locale={locale}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  const html = await renderWithData(page, queryClient);
  if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0)
    return undefined;
  const { loaderData, actionData, errors } = context;
  return {
    status: context.statusCode,
    html,
    data: serverRenderingBlock({
      router: { loaderData, actionData, errors },
      queries: dehydrate(queryClient),
      ...(signedIn && { signedIn }),
    }),
  };
}
