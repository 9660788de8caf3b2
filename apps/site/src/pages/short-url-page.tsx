import { buttonClasses } from '@darsak/ui';
import { useEffect, useState } from 'react';
import { useAppUrl } from '../components/app-url.tsx';
import { PageHero } from '../components/layout.tsx';
import { ar } from '../content/ar.ts';

/** /url/{name}: short links; `app` targets live in the main app, `site` targets on this site. */
export const SHORT_LINKS: Record<string, { app: string } | { site: string }> = {
  start: { app: '/register/student' },
  register: { app: '/register/student' },
  join: { app: '/register/tutor' },
  tutor: { site: '/tutor/' },
  login: { app: '/login' },
  plans: { app: '/plans' },
  tutors: { app: '/tutors' },
  pricing: { site: '/pricing/' },
  method: { site: '/method/' },
  faq: { site: '/faq/' },
  contact: { site: '/contact/' },
};

export const shortNameOf = (pathname: string): string =>
  decodeURIComponent(pathname.replace(/^\/url\/?/, '').replace(/\/+$/, '')).toLowerCase();

/**
 * Resolves the name in the address after hydration and replaces the page; prerendered once as
 * /url/index.html (the server maps /url/* to it).
 */
export function ShortUrlPage() {
  const appUrl = useAppUrl();
  const [target, setTarget] = useState<string | null>();
  useEffect(() => {
    const link = SHORT_LINKS[shortNameOf(window.location.pathname)];
    setTarget(link ? ('app' in link ? `${appUrl}${link.app}` : link.site) : null);
  }, [appUrl]);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (target === null) {
    return (
      <PageHero heading={ar.shortUrl.unknownHeading} lead={ar.shortUrl.unknownBody}>
        <a href="/" className={buttonClasses()}>
          {ar.shortUrl.home}
        </a>
      </PageHero>
    );
  }
  return (
    <PageHero heading={ar.shortUrl.heading}>
      {target && (
        <a href={target} className="font-semibold text-primary-700 underline">
          {ar.shortUrl.manual}
        </a>
      )}
    </PageHero>
  );
}
