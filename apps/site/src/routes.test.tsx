import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SHORT_LINKS, shortNameOf } from './pages/short-url-page.tsx';
import { NOT_FOUND_ROUTE, resolveRoute, SITE_ROUTES } from './routes.tsx';
import { SiteApp } from './site-app.tsx';

describe('marketing site', () => {
  it('has every marketing route of the specification', () => {
    expect(SITE_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        '/',
        '/about/',
        '/contact/',
        '/faq/',
        '/faq/student/',
        '/faq/tutor/',
        '/method/',
        '/pricing/',
        '/privacy/',
        '/terms/',
        '/tutor/',
        '/url/',
      ].sort(),
    );
  });

  it('resolves addresses with or without the trailing slash, short links, and unknown pages', () => {
    expect(resolveRoute('/pricing').path).toBe('/pricing/');
    expect(resolveRoute('/faq/tutor/').path).toBe('/faq/tutor/');
    expect(resolveRoute('/url/join').path).toBe('/url/');
    expect(resolveRoute('/nope')).toBe(NOT_FOUND_ROUTE);
    expect(shortNameOf('/url/Join/')).toBe('join');
    expect(SHORT_LINKS.join).toEqual({ app: '/register/tutor' });
  });

  it('renders each page to HTML with one h1 and app links built from the app URL', () => {
    for (const route of [...SITE_ROUTES, NOT_FOUND_ROUTE]) {
      const html = renderToString(<SiteApp path={route.path} appUrl="https://app.darsak.test" />);
      expect(html.match(/<h1[\s>]/g), route.path).toHaveLength(1);
      expect(route.title).toMatch(/درسك/);
    }
    const home = renderToString(<SiteApp path="/" appUrl="https://app.darsak.test" />);
    expect(home).toContain('href="https://app.darsak.test/register/student"');
    expect(home).toContain('٢٣٠');
  });
});
