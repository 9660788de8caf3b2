import type { FastifyInstance } from 'fastify';
import type { PageShell } from '../../platform/http/frontends.ts';
import { fixedPageHead, headTags, tutorPageHead } from './public-pages.head.ts';

/** The API, called in process (as the site does for its live plans): the same answers a browser gets. */
export type ApiInProcess = Pick<FastifyInstance, 'inject'>;

/**
 * The main app's shell for a public page: its own head (link previews, search), and 404 for the profile of a tutor
 * who is not public (unknown, not yet onboarded, or disabled), so a crawler or a shared link is told so at once.
 * Other pages (signed-in ones) are sent as built.
 */
export function publicPageShell(api: ApiInProcess, appUrl: string) {
  return async (url: string): Promise<PageShell | undefined> => {
    const path = new URL(url, 'http://page').pathname.replace(/(.)\/$/, '$1');
    const fixed = fixedPageHead(path);
    if (fixed) return { status: 200, head: headTags(appUrl, fixed).value };
    const tutorId = /^\/t\/(\d{1,15})$/.exec(path)?.[1];
    if (!tutorId) return undefined;
    const answer = await api.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutorId}` });
    if (answer.statusCode === 404) return { status: 404 };
    return answer.statusCode === 200
      ? { status: 200, head: headTags(appUrl, tutorPageHead(answer.json())).value }
      : undefined;
  };
}
