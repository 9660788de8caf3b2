import { SITE_APP_URL_PLACEHOLDER, SITE_URL_PLACEHOLDER } from '@darsak/domain/config';
import type { Plan } from '@darsak/domain/plans';
import { LOCALES } from '@darsak/ui/i18n';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { localePath } from './components/site-context.tsx';
import { SITE_LOCALES } from './content/index.ts';
import { shortLinkHref } from './pages/short-url-page.tsx';
import type { SiteRoute } from './routes.tsx';
import { SiteApp } from './site-app.tsx';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const site = (path: string) => `${SITE_URL_PLACEHOLDER}${path}`;

/** A page's address in each language, and the Arabic one as x-default: its hreflang links and sitemap entry. */
export function alternatesOf(route: SiteRoute): { hreflang: string; href: string }[] {
  return [
    ...SITE_LOCALES.map((locale) => ({ hreflang: locale, href: site(localePath(locale, route.page)) })),
    { hreflang: 'x-default', href: site(localePath('ar', route.page)) },
  ];
}

/** Title, description, and for pages in both languages the canonical and hreflang links (absolute, as required). */
export function headOf(route: SiteRoute): string {
  const lines = [
    `<title>${escapeHtml(route.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.description)}" />`,
  ];
  if (route.indexed) {
    lines.push(`<link rel="canonical" href="${site(route.path)}" />`);
    for (const { hreflang, href } of alternatesOf(route)) {
      lines.push(`<link rel="alternate" hreflang="${hreflang}" href="${href}" />`);
    }
  } else {
    lines.push('<meta name="robots" content="noindex" />');
  }
  if (route.redirect) {
    const target = escapeHtml(shortLinkHref(route.redirect, SITE_APP_URL_PLACEHOLDER));
    lines.push(`<meta http-equiv="refresh" content="0; url=${target}" />`);
  }
  return lines.join('\n    ');
}

/** A page's whole HTML: the built template (its stylesheet) with the page's language, head and markup. */
export function pageHtml(template: string, route: SiteRoute, plans: readonly Plan[] | null): string {
  const html = renderToStaticMarkup(
    createElement(SiteApp, { path: route.path, appUrl: SITE_APP_URL_PLACEHOLDER, live: { plans } }),
  );
  const out = template
    .replace(/<html lang="ar" dir="rtl">/, `<html lang="${route.locale}" dir="${LOCALES[route.locale].dir}">`)
    .replace(/<title>.*?<\/title>/s, () => headOf(route))
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  if (!html || !out.includes(html) || !out.includes(`lang="${route.locale}"`)) {
    throw new Error(`template markers missing for ${route.path}`);
  }
  return out;
}
