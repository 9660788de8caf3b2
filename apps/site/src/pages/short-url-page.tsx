import { buttonClasses } from '@darsak/ui';
import { PageHero } from '../components/layout.tsx';
import { useSite } from '../components/site-context.tsx';

/** Where a short link goes: a page of the main app, or a page of this site. */
export type ShortLinkTarget = { app: string } | { site: string };

/** /url/{name}: the short links handed out (names are lower case; the server lowers what is asked). */
export const SHORT_LINKS: Readonly<Record<string, ShortLinkTarget>> = {
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

export const shortLinkHref = (target: ShortLinkTarget, appUrl: string): string =>
  'app' in target ? `${appUrl}${target.app}` : target.site;

/**
 * A short link's page: the head's meta refresh takes the browser on (no JavaScript needed), and the link is
 * there for a browser that does not follow it. Without a target: the page of an unknown name.
 */
export function ShortUrlPage({ target }: { target?: ShortLinkTarget }) {
  const { content, appUrl } = useSite();
  const c = content.shortUrl;
  if (!target) {
    return (
      <PageHero heading={c.unknownHeading} lead={c.unknownBody}>
        <a href="/" className={buttonClasses()}>
          {c.home}
        </a>
      </PageHero>
    );
  }
  return (
    <PageHero heading={c.heading}>
      <a href={shortLinkHref(target, appUrl)} className="font-semibold text-primary-700 underline">
        {c.manual}
      </a>
    </PageHero>
  );
}
