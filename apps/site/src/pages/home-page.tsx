import { Badge, buttonClasses } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { AppLink } from '../components/app-url.tsx';
import { CardGrid, Section } from '../components/layout.tsx';
import { SubscribeLink } from '../components/plan-list.tsx';
import { SiteLink, useSite } from '../components/site-context.tsx';
import { LiveRegion } from '../live/live-regions.tsx';

export function HomePage() {
  const c = useSite().content.home;
  const { number } = useI18n().format;
  return (
    <>
      <div className="overflow-hidden border-b border-line bg-gradient-to-b from-primary-50 via-canvas to-canvas">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[3fr_2fr] lg:py-20">
          <div className="space-y-6">
            <Badge tone="accent">{c.badge}</Badge>
            <h1 className="text-4xl leading-tight font-extrabold text-ink sm:text-5xl">{c.heading}</h1>
            <p className="max-w-2xl text-lg text-muted">{c.lead}</p>
            <div className="flex flex-wrap gap-3">
              <AppLink to="/register/student" className={buttonClasses({ size: 'lg' })}>
                {c.ctaStudent}
              </AppLink>
              <SiteLink to="/method/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
                {c.ctaMethod}
              </SiteLink>
            </div>
          </div>
          <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm sm:block">
            <div className="absolute -inset-4 rotate-3 rounded-[2rem] bg-accent-100" />
            <div className="relative space-y-4 rounded-[2rem] border border-line bg-surface p-6 shadow-(--shadow-card)">
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-full bg-primary-100 text-lg font-bold text-primary-800">
                  م
                </span>
                <div className="flex-1 space-y-2">
                  <span className="block h-3 w-2/3 rounded-full bg-stone-200" />
                  <span className="block h-3 w-1/3 rounded-full bg-stone-100" />
                </div>
                <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-bold text-emerald-800">
                  {number(15)}′
                </span>
              </div>
              <div className="aspect-video rounded-2xl bg-gradient-to-br from-primary-600 to-primary-800" />
              <div className="flex justify-center gap-3">
                <span className="size-10 rounded-full bg-stone-100" />
                <span className="size-10 rounded-full bg-red-500" />
                <span className="size-10 rounded-full bg-stone-100" />
              </div>
            </div>
          </div>
        </div>
      </div>

      <Section title={c.stepsTitle}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {c.steps.map((step, index) => (
            <li
              key={step.title}
              className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card)"
            >
              <span className="mb-3 flex size-9 items-center justify-center rounded-full bg-primary-600 font-bold text-white">
                {number(index + 1)}
              </span>
              <h3 className="mb-2 text-lg font-bold">{step.title}</h3>
              <p className="text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={c.featuresTitle} tone="tint">
        <CardGrid items={c.features} columns={4} />
      </Section>

      <Section title={c.tiersTitle} lead={c.tiersLead}>
        <LiveRegion kind="plans" />
        <div className="mt-6 flex flex-wrap gap-3">
          <SubscribeLink />
          <SiteLink to="/pricing/" className={buttonClasses({ variant: 'secondary' })}>
            {c.tiersCta}
          </SiteLink>
        </div>
      </Section>

      <Section>
        <div className="flex flex-col items-start gap-4 rounded-[2rem] bg-primary-800 p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div className="max-w-xl space-y-2">
            <h2 className="text-2xl font-bold">{c.tutorTitle}</h2>
            <p className="text-primary-100">{c.tutorBody}</p>
          </div>
          <SiteLink to="/tutor/" className={buttonClasses({ variant: 'accent', size: 'lg' })}>
            {c.tutorCta}
          </SiteLink>
        </div>
      </Section>
    </>
  );
}
