import type { ReactElement } from 'react';
import { ar } from './content/ar.ts';
import { AboutPage } from './pages/about-page.tsx';
import { ContactPage } from './pages/contact-page.tsx';
import { FaqPage } from './pages/faq-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { MethodPage } from './pages/method-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PricingPage } from './pages/pricing-page.tsx';
import { ShortUrlPage } from './pages/short-url-page.tsx';
import { TextPage } from './pages/text-page.tsx';
import { TutorPage } from './pages/tutor-page.tsx';

export interface SiteRoute {
  /** Address with a trailing slash; '/404' is the not-found page. */
  path: string;
  /** File written by the prerender, relative to dist. */
  file: string;
  title: string;
  description: string;
  render: () => ReactElement;
}

const route = (path: string, meta: { title: string; description: string }, render: () => ReactElement): SiteRoute => ({
  path,
  file: path === '/' ? 'index.html' : `${path.slice(1)}index.html`,
  title: meta.title,
  description: meta.description,
  render,
});

/** The marketing routes of spec §2. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  route('/', ar.home, () => <HomePage />),
  route('/tutor/', ar.tutor, () => <TutorPage />),
  route('/method/', ar.method, () => <MethodPage />),
  route('/pricing/', ar.pricing, () => <PricingPage />),
  route('/faq/', ar.faq, () => <FaqPage />),
  route(
    '/faq/student/',
    { title: `${ar.faq.studentTitle} | ${ar.brand}`, description: ar.faq.studentDescription },
    () => <FaqPage audience="student" />,
  ),
  route('/faq/tutor/', { title: `${ar.faq.tutorTitle} | ${ar.brand}`, description: ar.faq.tutorDescription }, () => (
    <FaqPage audience="tutor" />
  )),
  route('/about/', ar.about, () => <AboutPage />),
  route('/contact/', ar.contact, () => <ContactPage />),
  route('/terms/', ar.terms, () => (
    <TextPage heading={ar.terms.heading} intro={ar.terms.intro} sections={ar.terms.sections} />
  )),
  route('/privacy/', ar.privacy, () => (
    <TextPage heading={ar.privacy.heading} intro={ar.privacy.intro} sections={ar.privacy.sections} />
  )),
  route('/url/', ar.shortUrl, () => <ShortUrlPage />),
];

export const NOT_FOUND_ROUTE: SiteRoute = { ...route('/404', ar.notFound, () => <NotFoundPage />), file: '404.html' };

/** The route of an address: exact pages (with or without the trailing slash), /url/<name>, else not found. */
export function resolveRoute(pathname: string): SiteRoute {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path.startsWith('/url/')) return SITE_ROUTES.find((r) => r.path === '/url/') ?? NOT_FOUND_ROUTE;
  const clean = path.replace(/\/index\.html\/$/, '/');
  return SITE_ROUTES.find((r) => r.path === clean) ?? NOT_FOUND_ROUTE;
}
