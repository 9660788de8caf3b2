import { SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import { alternatesOf } from './page-html.ts';
import { SITE_ROUTES } from './routes.tsx';

/**
 * The site's sitemap (sitemaps.org, with each page's language versions as xhtml:link alternates, as search engines
 * read hreflang there too), written at build with the site's address placeholder that the server replaces.
 */
export function sitemapXml(): string {
  const urls = SITE_ROUTES.filter((route) => route.indexed).map((route) =>
    [
      '  <url>',
      `    <loc>${SITE_URL_PLACEHOLDER}${route.path}</loc>`,
      ...alternatesOf(route).map(
        ({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}" />`,
      ),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Every page may be crawled; the sitemap is named at the site's address. */
export const robotsTxt = (): string => `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL_PLACEHOLDER}/sitemap.xml\n`;
