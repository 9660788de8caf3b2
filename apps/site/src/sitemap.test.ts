import { SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import { describe, expect, it } from 'vitest';
import { SITE_ROUTES } from './routes.tsx';
import { robotsTxt, sitemapXml } from './sitemap.ts';

describe("the site's sitemap", () => {
  it('lists every page in both languages, each with its Arabic, English and x-default alternates', () => {
    const xml = sitemapXml();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(SITE_ROUTES.map((route) => `${SITE_URL_PLACEHOLDER}${route.path}`));
    expect(locations).toContain(`${SITE_URL_PLACEHOLDER}/pricing/`);
    expect(locations).toContain(`${SITE_URL_PLACEHOLDER}/en/pricing/`);
    const pricing = xml.slice(xml.indexOf(`<loc>${SITE_URL_PLACEHOLDER}/en/pricing/</loc>`)).split('</url>')[0];
    expect(pricing).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${SITE_URL_PLACEHOLDER}/pricing/" />`);
    expect(pricing).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${SITE_URL_PLACEHOLDER}/en/pricing/" />`,
    );
    expect(pricing).toContain(`hreflang="x-default" href="${SITE_URL_PLACEHOLDER}/pricing/"`);
  });

  it('is named by robots.txt', () => {
    expect(robotsTxt()).toContain(`Sitemap: ${SITE_URL_PLACEHOLDER}/sitemap.xml`);
  });
});
