import type { Locale } from '@darsak/domain/common';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../platform/html.ts';
import type { TutorsService } from '../tutors/tutors.service.ts';
import { appAddress, PUBLIC_PAGES } from './public-pages.head.ts';

/** How long a search engine may keep the sitemap: a tutor activated or deactivated shows within the hour. */
const SITEMAP_MAX_AGE_SECONDS = 3600;

/**
 * sitemaps.org's format: one `<url>` a page, at the app's public address, with its Arabic and English addresses as
 * hreflang alternates (Google's sitemap form of them).
 */
export function sitemapOf(appUrl: string, tutorIds: readonly number[]): string {
  const paths = [...PUBLIC_PAGES, ...tutorIds.map((id) => `/t/${id}`)];
  const alternate = (path: string, lang: string, locale: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(appAddress(appUrl, path, locale))}"/>`;
  const urls = paths.map(
    (path) =>
      `  <url><loc>${escapeHtml(appAddress(appUrl, path))}</loc>${alternate(path, 'ar', 'ar')}${alternate(path, 'en', 'en')}` +
      `${alternate(path, 'x-default', 'ar')}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Crawlers may read the app as a browser does (its scripts and the API calls its pages make), but never a path that
 * carries a credential (an invitation, a calendar feed) or the local tools.
 */
export function robotsOf(appUrl: string): string {
  const disallowed = ['/invite/', '/api/v1/lesson/calendar/', '/api/v1/invite/', '/dev/'];
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appAddress(appUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The tutor list's current snapshot, as a token (TutorsService.listSnapshot): for the server-rendered pages. */
    tutorListSnapshot: () => Promise<object>;
  }
}

/** `/sitemap.xml` (every public page and every public tutor profile) and `/robots.txt` on the main app's origin. */
export const publicPagesRoutes: FastifyPluginAsync<{ tutors: TutorsService; appUrl: string }> = async (
  app,
  { tutors, appUrl },
) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SITEMAP_MAX_AGE_SECONDS}`)
      .send(sitemapOf(appUrl, await tutors.publicProfileIds())),
  );
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsOf(appUrl)),
  );
};
