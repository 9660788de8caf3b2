import { Alert, buttonClasses } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { AppLink } from '../components/app-url.tsx';
import { CardGrid, PageHero, Section } from '../components/layout.tsx';
import { useSite } from '../components/site-context.tsx';

export function TutorPage() {
  const c = useSite().content.tutor;
  const { number } = useI18n().format;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead}>
        <AppLink to="/register/tutor" className={buttonClasses({ size: 'lg' })}>
          {c.cta}
        </AppLink>
      </PageHero>
      <Section title={c.benefitsTitle}>
        <CardGrid items={c.benefits} columns={4} />
      </Section>
      <Section title={c.stepsTitle} tone="tint">
        <ol className="space-y-4">
          {c.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-(--radius-card) border border-line bg-surface p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-600 font-bold text-white">
                {number(index + 1)}
              </span>
              <div>
                <h3 className="mb-1 text-lg font-bold">{step.title}</h3>
                <p className="text-muted">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <Alert tone="info" title={c.noteTitle} className="mt-6">
          {c.note}
        </Alert>
      </Section>
    </>
  );
}
