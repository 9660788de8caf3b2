import type { Locale } from '@darsak/ui/i18n';
import type { ReactElement } from 'react';
import { localePath } from './components/site-context.tsx';
import { contentOf, SITE_LOCALES, type SiteContent } from './content/index.ts';
import { AboutPage } from './pages/about-page.tsx';
import { ContactPage, ContactSentPage } from './pages/contact-page.tsx';
import { FaqPage } from './pages/faq-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { MethodPage } from './pages/method-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PricingPage } from './pages/pricing-page.tsx';
import { SHORT_LINKS, type ShortLinkTarget, ShortUrlPage } from './pages/short-url-page.tsx';
import { TextPage } from './pages/text-page.tsx';
import { TutorPage } from './pages/tutor-page.tsx';

export interface SiteRoute {
  /** Address with a trailing slash ('/404' and '/en/404' are the not-found pages). */
  path: string;
  /** The same page's address without the language prefix. */
  page: string;
  locale: Locale;
  /** File written by the prerender, relative to dist. */
  file: string;
  title: string;
  description: string;
  /** Offered in both languages, so listed with hreflang alternates (not the 404 or short links). */
  indexed: boolean;
  /** A short link's destination: the page sends the browser there without JavaScript (a meta refresh). */
  redirect?: ShortLinkTarget;
  render: () => ReactElement;
}

interface PageDef {
  page: string;
  meta: (c: SiteContent) => { title: string; description: string };
  render: (c: SiteContent) => ReactElement;
}

/** The marketing pages of spec §2, plus the page thanking a visitor for a contact message. */
const PAGES: readonly PageDef[] = [
  { page: '/', meta: (c) => c.home, render: () => <HomePage /> },
  { page: '/tutor/', meta: (c) => c.tutor, render: () => <TutorPage /> },
  { page: '/method/', meta: (c) => c.method, render: () => <MethodPage /> },
  { page: '/pricing/', meta: (c) => c.pricing, render: () => <PricingPage /> },
  { page: '/faq/', meta: (c) => c.faq, render: () => <FaqPage /> },
  {
    page: '/faq/student/',
    meta: (c) => ({ title: `${c.faq.studentTitle} | ${c.brand}`, description: c.faq.studentDescription }),
    render: () => <FaqPage audience="student" />,
  },
  {
    page: '/faq/tutor/',
    meta: (c) => ({ title: `${c.faq.tutorTitle} | ${c.brand}`, description: c.faq.tutorDescription }),
    render: () => <FaqPage audience="tutor" />,
  },
  { page: '/about/', meta: (c) => c.about, render: () => <AboutPage /> },
  { page: '/contact/', meta: (c) => c.contact, render: () => <ContactPage /> },
  { page: '/contact/sent/', meta: (c) => c.contact.sent, render: () => <ContactSentPage /> },
  {
    page: '/terms/',
    meta: (c) => c.terms,
    render: (c) => <TextPage heading={c.terms.heading} intro={c.terms.intro} sections={c.terms.sections} />,
  },
  {
    page: '/privacy/',
    meta: (c) => c.privacy,
    render: (c) => <TextPage heading={c.privacy.heading} intro={c.privacy.intro} sections={c.privacy.sections} />,
  },
];

const fileOf = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}index.html`);

function routeOf(def: PageDef, locale: Locale): SiteRoute {
  const content = contentOf(locale);
  const path = localePath(locale, def.page);
  const { title, description } = def.meta(content);
  return {
    path,
    page: def.page,
    locale,
    file: fileOf(path),
    title,
    description,
    indexed: true,
    render: () => def.render(content),
  };
}

/** Every page in every language: Arabic at the root, English under /en. */
export const SITE_ROUTES: readonly SiteRoute[] = SITE_LOCALES.flatMap((locale) =>
  PAGES.map((def) => routeOf(def, locale)),
);

/** /url/{name}: one small page per short link (Arabic, like the links handed out), and one for unknown names. */
export const SHORT_URL_ROUTES: readonly SiteRoute[] = [
  {
    ...routeOf({ page: '/url/', meta: (c) => c.shortUrl, render: () => <ShortUrlPage /> }, 'ar'),
    indexed: false,
  },
  ...Object.entries(SHORT_LINKS).map(([name, target]) => ({
    ...routeOf(
      { page: `/url/${name}/`, meta: (c) => c.shortUrl, render: () => <ShortUrlPage target={target} /> },
      'ar',
    ),
    indexed: false,
    redirect: target,
  })),
];

export const NOT_FOUND_ROUTES: Readonly<Record<Locale, SiteRoute>> = {
  ar: {
    ...routeOf({ page: '/404', meta: (c) => c.notFound, render: () => <NotFoundPage /> }, 'ar'),
    file: '404.html',
    indexed: false,
  },
  en: {
    ...routeOf({ page: '/404', meta: (c) => c.notFound, render: () => <NotFoundPage /> }, 'en'),
    file: 'en/404.html',
    indexed: false,
  },
};

/** The language of an address: English under /en, else Arabic. */
export const localeOfPath = (pathname: string): Locale => (/^\/en(\/|$)/.test(pathname) ? 'en' : 'ar');

/** The route of an address, with or without the trailing slash or index.html; unknown addresses get the 404. */
export function resolveRoute(pathname: string): SiteRoute {
  const path = `${pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '')}/`.toLowerCase();
  return (
    [...SITE_ROUTES, ...SHORT_URL_ROUTES].find((route) => route.path === path) ?? NOT_FOUND_ROUTES[localeOfPath(path)]
  );
}

/** The same page in the other language (its home for a page offered in one language only). */
export function alternateOf(route: SiteRoute): string {
  const other: Locale = route.locale === 'ar' ? 'en' : 'ar';
  return localePath(other, route.indexed ? route.page : '/');
}
