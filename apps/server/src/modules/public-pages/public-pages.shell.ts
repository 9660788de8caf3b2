import { isSignedInRenderedPage, SESSION_COOKIE } from '@darsak/domain/auth';
import { cookieNamed, LOCALE_DIRECTIONS, type Locale, requestedLocale } from '@darsak/domain/common';
import { type Plan, plansContract } from '@darsak/domain/plans';
import type { TutorProfile } from '@darsak/domain/tutors';
import type { FastifyInstance } from 'fastify';
import { keptPerSnapshot } from '../../platform/cache/per-snapshot.ts';
import { type PageShell, webServerRendering } from '../../platform/http/frontends.ts';
import {
  fixedPageHead,
  headTags,
  lessonPriceOf,
  type PageHead,
  plansPageHead,
  tutorPageHead,
} from './public-pages.head.ts';
import { type ApiInProcess, loadPageRenderer, type PageRenderer } from './public-pages.rendering.ts';

export interface PublicPageShellOptions {
  appUrl: string;
  /** The main app's server rendering; without it the pages are sent as shells the browser renders. */
  renderer?: PageRenderer | undefined;
  /**
   * The tutor list's current snapshot (an object that changes when the list does, or ages out): a page made from
   * tutors' data is kept while it is current.
   */
  snapshot: () => Promise<object>;
}

/** Bounds the pages kept per snapshot: filters and addresses with other queries can make many, each asked rarely. */
const MAX_PAGES_PER_SNAPSHOT = 500;

/**
 * The main app's public pages (`/`, `/tutors`, `/plans`, `/t/{id}`) as a signed-out reader gets them: the page
 * rendered on the server in the reader's language with the data it shows, and its own head (link previews, search);
 * 404 for the profile of a tutor who is not public (unknown, not yet onboarded, or disabled), so a crawler or a
 * shared link is told so at once. Each page is made once per tutor-list snapshot, language and address. Other
 * pages (signed-in ones) are sent as built.
 */
export function publicPageShell(api: ApiInProcess, options: PublicPageShellOptions) {
  const kept = keptPerSnapshot<Promise<PageShell | undefined>>(MAX_PAGES_PER_SNAPSHOT);

  /** The plans a visitor is offered (the API keeps them in memory), or undefined when it cannot answer. */
  async function publicPlans(): Promise<Plan[] | undefined> {
    const answer = await api.inject({ method: 'GET', url: `${plansContract.list.path}?size=100` });
    return answer.statusCode === 200 ? answer.json<{ list: Plan[] }>().list : undefined;
  }

  async function headOf(path: string, locale: Locale): Promise<PageHead | 404 | undefined> {
    if (path === '/plans') {
      const plans = await publicPlans();
      return plans && plansPageHead(plans, locale);
    }
    const fixed = fixedPageHead(path, locale);
    if (fixed) return fixed;
    const tutorId = /^\/t\/(\d{1,15})$/.exec(path)?.[1];
    if (!tutorId) return undefined;
    const [answer, plans] = await Promise.all([
      api.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutorId}` }),
      publicPlans(),
    ]);
    if (answer.statusCode === 404) return 404;
    if (answer.statusCode !== 200 || !plans) return undefined;
    const tutor = answer.json<TutorProfile>();
    return tutorPageHead(tutor, locale, lessonPriceOf(tutor, plans));
  }

  async function make(url: string, locale: Locale): Promise<PageShell | undefined> {
    const path = new URL(url, 'http://page').pathname.replace(/(.)\/$/, '$1');
    const head = await headOf(path, locale);
    if (head === undefined) return undefined;
    if (head === 404) return { status: 404 };
    const page = await options.renderer?.renderPage(url, locale);
    return {
      status: page?.status ?? 200,
      head: headTags(options.appUrl, head).value,
      ...(page && { app: { html: page.html, data: page.data, lang: locale, dir: LOCALE_DIRECTIONS[locale] } }),
    };
  }

  /**
   * A signed-in student's page (the checkout), rendered for her from her session cookie, never kept; undefined (the
   * browser renders it) without a cookie, a renderer, or an answer for her.
   */
  async function signedInPage(url: string, locale: Locale, cookie: string | undefined) {
    const token = cookieNamed(cookie, SESSION_COOKIE);
    const page = token && (await options.renderer?.renderPage(url, locale, token));
    return page
      ? { status: page.status, private: true, app: { ...page, lang: locale, dir: LOCALE_DIRECTIONS[locale] } }
      : undefined;
  }

  return async (url: string, cookie?: string): Promise<PageShell | undefined> => {
    const locale = requestedLocale(url, cookie);
    if (isSignedInRenderedPage(new URL(url, 'http://page').pathname)) return signedInPage(url, locale, cookie);
    const pages = kept(await options.snapshot());
    const key = `${locale} ${url}`;
    // One making per page however many ask at once; a page the renderer could not make whole is made again next time.
    let making = pages.get(key);
    if (!making) {
      making = make(url, locale);
      pages.set(key, making);
    }
    const shell = await making;
    if (shell?.head && options.renderer && !shell.app) pages.delete(key);
    return shell;
  };
}

/** The main app's public pages as the server sends them: rendered by the app's build when it has its renderer. */
export async function mainAppPageShell(app: FastifyInstance, appUrl: string) {
  const renderer = await loadPageRenderer(webServerRendering, app);
  if (!renderer) app.log.warn('main app built without its server rendering; public pages render in the browser');
  return publicPageShell(app, { appUrl, renderer, snapshot: app.tutorListSnapshot });
}
