import { buttonClasses, cn, MenuIcon, SkipLink } from '@darsak/ui';
import type { ReactNode } from 'react';
import type { SiteContent } from '../content/index.ts';
import { AppLink } from './app-url.tsx';
import { SiteLink, useSite } from './site-context.tsx';

const NAV = ['method', 'pricing', 'tutor', 'faq', 'about', 'contact'] as const satisfies ReadonlyArray<
  keyof SiteContent['nav']
>;

const isCurrent = (current: string, href: string) => current === href || (href !== '/' && current.startsWith(href));

function Logo() {
  const { content } = useSite();
  return (
    <SiteLink
      to="/"
      className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-600"
    >
      <span
        aria-hidden="true"
        className="relative flex size-9 items-center justify-center rounded-xl bg-primary-600 text-lg font-extrabold text-white"
      >
        د
        <span className="absolute -top-0.5 -end-0.5 size-2.5 rounded-full bg-accent-400 ring-2 ring-surface" />
      </span>
      <span className="text-xl font-extrabold text-primary-800">{content.brand}</span>
    </SiteLink>
  );
}

function NavLinks({ current, className }: { current: string; className?: string }) {
  const { content } = useSite();
  return (
    <ul className={className}>
      {NAV.map((name) => {
        const page = `/${name}/`;
        return (
          <li key={name}>
            <SiteLink
              to={page}
              aria-current={isCurrent(current, page) ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-primary-600',
                isCurrent(current, page) ? 'text-primary-700' : 'text-muted hover:text-ink',
              )}
            >
              {content.nav[name]}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The same page in the other language: a plain link, named in that language. */
function LanguageLink({ href }: { href: string }) {
  const { content } = useSite();
  const { label, lang } = content.otherLanguage;
  return (
    <a
      href={href}
      hrefLang={lang}
      lang={lang}
      className="rounded-lg px-2 py-2 text-sm font-semibold text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      {label}
    </a>
  );
}

/**
 * Header (links, the other language, sign-in and start buttons; a no-JavaScript disclosure menu on phones),
 * content, footer. `current` is the page's address without the language prefix.
 */
export function Layout({ current, alternate, children }: { current: string; alternate: string; children: ReactNode }) {
  const { content } = useSite();
  const { nav, footer } = content;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId="main" />
      <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur">
        <nav aria-label={nav.label} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Logo />
          <NavLinks current={current} className="ms-4 hidden items-center gap-1 lg:flex" />
          <div className="ms-auto flex items-center gap-2">
            <LanguageLink href={alternate} />
            <AppLink
              to="/login"
              className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'max-sm:hidden' })}
            >
              {nav.login}
            </AppLink>
            <AppLink to="/register/student" className={buttonClasses({ size: 'sm', className: 'whitespace-nowrap' })}>
              {nav.start}
            </AppLink>
            <details className="group relative lg:hidden">
              <summary
                aria-label={nav.menu}
                className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 [&::-webkit-details-marker]:hidden"
              >
                <MenuIcon />
              </summary>
              <div className="absolute end-0 top-full mt-2 w-60 rounded-2xl border border-line bg-surface p-2 shadow-xl">
                <NavLinks current={current} className="flex flex-col" />
                <AppLink
                  to="/login"
                  className="mt-1 block rounded-lg border-t border-line px-3 py-2 text-sm font-semibold text-primary-700 sm:hidden"
                >
                  {nav.login}
                </AppLink>
              </div>
            </details>
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
          <div className="space-y-3">
            <Logo />
            <p className="text-sm text-muted">{footer.tagline}</p>
          </div>
          <FooterColumn
            title={footer.product}
            links={[
              ['/method/', nav.method],
              ['/pricing/', nav.pricing],
              ['/tutor/', nav.tutor],
              ['/about/', nav.about],
            ]}
          />
          <FooterColumn
            title={footer.help}
            links={[
              ['/faq/student/', footer.faqStudent],
              ['/faq/tutor/', footer.faqTutor],
              ['/contact/', nav.contact],
            ]}
          />
          <FooterColumn
            title={footer.legal}
            links={[
              ['/terms/', footer.terms],
              ['/privacy/', footer.privacy],
            ]}
          />
        </div>
        <p className="border-t border-line py-4 text-center text-sm text-muted">
          © {content.brand}. {footer.rights}
        </p>
      </footer>
    </div>
  );
}

function FooterColumn({ title, links }: { title: string; links: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold text-ink">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map(([page, label]) => (
          <li key={page}>
            <SiteLink to={page} className="text-muted hover:text-primary-700 hover:underline">
              {label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A page section with an optional heading and lead. */
export function Section({
  title,
  lead,
  children,
  className,
  tone = 'plain',
}: {
  title?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  tone?: 'plain' | 'tint';
}) {
  return (
    <section className={cn(tone === 'tint' && 'bg-primary-50/60', className)}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {(title || lead) && (
          <div className="mb-8 max-w-2xl space-y-3">
            {title && <h2 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h2>}
            {lead && <p className="text-lg text-muted">{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

export function PageHero({ heading, lead, children }: { heading: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-primary-50 to-canvas">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="max-w-3xl text-3xl leading-tight font-extrabold text-ink sm:text-4xl">{heading}</h1>
        {lead && <p className="max-w-2xl text-lg text-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

export function CardGrid({
  items,
  columns = 3,
  level = 3,
}: {
  items: ReadonlyArray<{ title: string; body: string }>;
  columns?: 2 | 3 | 4;
  /** The cards' heading level: 2 in a section without a heading of its own, so headings go in order. */
  level?: 2 | 3;
}) {
  const Heading = `h${level}` as const;
  const cols = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={cn('grid gap-4', cols)}>
      {items.map((item) => (
        <li
          key={item.title}
          className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card)"
        >
          <Heading className="mb-2 text-lg font-bold text-ink">{item.title}</Heading>
          <p className="text-muted">{item.body}</p>
        </li>
      ))}
    </ul>
  );
}
