import { SITE_APP_URL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSiteLocales } from './content/index.ts';
import { pageHtml } from './page-html.ts';
import { alternateOf, NOT_FOUND_ROUTES, resolveRoute, SHORT_URL_ROUTES, SITE_ROUTES } from './routes.tsx';
import { SiteApp } from './site-app.tsx';

beforeAll(loadSiteLocales);

const TEMPLATE =
  '<!doctype html><html lang="ar" dir="rtl"><head><title>x</title><link rel="stylesheet" href="/static/x.css"></head><body><div id="root"></div></body></html>';
const ARABIC_PAGES = [
  '/',
  '/about/',
  '/contact/',
  '/contact/sent/',
  '/faq/',
  '/faq/student/',
  '/faq/tutor/',
  '/method/',
  '/pricing/',
  '/privacy/',
  '/terms/',
  '/tutor/',
];

describe('marketing site', () => {
  it('has every marketing page of the specification, in Arabic at the root and in English under /en', () => {
    const paths = SITE_ROUTES.map((route) => route.path);
    expect(paths.filter((path) => !path.startsWith('/en/')).sort()).toEqual([...ARABIC_PAGES].sort());
    expect(paths.filter((path) => path.startsWith('/en/')).sort()).toEqual(ARABIC_PAGES.map((p) => `/en${p}`).sort());
  });

  it('resolves addresses with or without the trailing slash, short links, and unknown pages per language', () => {
    expect(resolveRoute('/pricing').path).toBe('/pricing/');
    expect(resolveRoute('/en/pricing').locale).toBe('en');
    expect(resolveRoute('/faq/tutor/index.html').path).toBe('/faq/tutor/');
    expect(resolveRoute('/url/Join').redirect).toEqual({ app: '/register/tutor' });
    expect(resolveRoute('/nope')).toBe(NOT_FOUND_ROUTES.ar);
    expect(resolveRoute('/en/nope')).toBe(NOT_FOUND_ROUTES.en);
    expect(alternateOf(resolveRoute('/faq/student/'))).toBe('/en/faq/student/');
    expect(alternateOf(resolveRoute('/en/'))).toBe('/');
    expect(alternateOf(NOT_FOUND_ROUTES.en)).toBe('/');
  });

  it('renders each page with one h1, in its language, with app links built from the app URL', () => {
    for (const route of [...SITE_ROUTES, ...SHORT_URL_ROUTES, ...Object.values(NOT_FOUND_ROUTES)]) {
      const html = renderToStaticMarkup(<SiteApp path={route.path} appUrl="https://app.darsak.test" />);
      expect(html.match(/<h1[\s>]/g), route.path).toHaveLength(1);
      expect(route.title).toMatch(route.locale === 'ar' ? /درسك/ : /Darsak/);
    }
    const home = renderToStaticMarkup(<SiteApp path="/en/" appUrl="https://app.darsak.test" />);
    expect(home).toContain('href="https://app.darsak.test/register/student"');
    expect(home).toContain('Speak English with confidence');
    expect(home).toContain('href="/en/pricing/"');
    // the header's switch goes to the same page in Arabic, named in Arabic
    expect(home).toContain('<a href="/" hrefLang="ar" lang="ar"');
  });

  it('writes each page with its language, direction, canonical and hreflang links, and no script', () => {
    const pricing = pageHtml(TEMPLATE, resolveRoute('/en/pricing/'), null);
    expect(pricing).toContain('<html lang="en" dir="ltr">');
    expect(pricing).toContain('<title>Plans and prices | Darsak</title>');
    expect(pricing).toContain(`<link rel="canonical" href="${SITE_URL_PLACEHOLDER}/en/pricing/" />`);
    expect(pricing).toContain(`<link rel="alternate" hreflang="ar" href="${SITE_URL_PLACEHOLDER}/pricing/" />`);
    expect(pricing).toContain(`<link rel="alternate" hreflang="en" href="${SITE_URL_PLACEHOLDER}/en/pricing/" />`);
    expect(pricing).toContain('hreflang="x-default"');
    expect(pageHtml(TEMPLATE, resolveRoute('/'), null)).toContain('<html lang="ar" dir="rtl">');
    for (const route of [...SITE_ROUTES, ...SHORT_URL_ROUTES]) {
      expect(pageHtml(TEMPLATE, route, null), route.path).not.toMatch(/<script/i);
    }
  });

  it('sends short links on without JavaScript: a meta refresh to the app or the site page', () => {
    const join = pageHtml(TEMPLATE, resolveRoute('/url/join/'), null);
    expect(join).toContain(`<meta http-equiv="refresh" content="0; url=${SITE_APP_URL_PLACEHOLDER}/register/tutor" />`);
    expect(join).toContain('<meta name="robots" content="noindex" />');
    expect(pageHtml(TEMPLATE, resolveRoute('/url/faq/'), null)).toContain('content="0; url=/faq/"');
    expect(pageHtml(TEMPLATE, resolveRoute('/url/'), null)).not.toContain('http-equiv');
  });
});
