import { PageHero, Section } from '../components/layout.tsx';
import { SiteLink, useSite } from '../components/site-context.tsx';

export type FaqAudience = 'student' | 'tutor';

function QuestionList({ items }: { items: ReadonlyArray<{ q: string; a: string }> }) {
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <details
          key={item.q}
          className="group rounded-xl border border-line bg-surface p-4 open:shadow-(--shadow-card)"
        >
          <summary className="cursor-pointer list-none font-semibold text-ink marker:hidden focus-visible:outline-2 focus-visible:outline-primary-600 [&::-webkit-details-marker]:hidden">
            <span className="flex items-center justify-between gap-3">
              {item.q}
              <span aria-hidden="true" className="text-xl text-primary-600 transition-transform group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <p className="mt-3 text-muted">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** /faq (both lists), /faq/student and /faq/tutor. */
export function FaqPage({ audience }: { audience?: FaqAudience }) {
  const c = useSite().content.faq;
  const heading = audience === 'student' ? c.studentTitle : audience === 'tutor' ? c.tutorTitle : c.heading;
  return (
    <>
      <PageHero heading={heading} lead={audience ? undefined : c.lead}>
        <nav aria-label={c.heading} className="flex flex-wrap gap-2">
          {(
            [
              ['/faq/', c.allLink, undefined],
              ['/faq/student/', c.studentTitle, 'student'],
              ['/faq/tutor/', c.tutorTitle, 'tutor'],
            ] as const
          ).map(([href, label, key]) => (
            <SiteLink
              key={href}
              to={href}
              aria-current={audience === key ? 'page' : undefined}
              className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-semibold text-muted hover:text-ink aria-[current=page]:border-primary-500 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800"
            >
              {label}
            </SiteLink>
          ))}
        </nav>
      </PageHero>
      {audience !== 'tutor' && (
        <Section title={audience ? undefined : c.studentTitle} lead={audience ? undefined : c.studentDescription}>
          <QuestionList items={c.student} />
        </Section>
      )}
      {audience !== 'student' && (
        <Section
          title={audience ? undefined : c.tutorTitle}
          lead={audience ? undefined : c.tutorDescription}
          tone={audience ? 'plain' : 'tint'}
        >
          <QuestionList items={c.tutor} />
        </Section>
      )}
    </>
  );
}
