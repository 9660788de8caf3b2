import { buttonClasses } from '@darsak/ui';
import { AppLink } from '../components/app-url.tsx';
import { CardGrid, PageHero, Section } from '../components/layout.tsx';
import { ar } from '../content/ar.ts';

export function MethodPage() {
  const c = ar.method;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section>
        <CardGrid items={c.points} />
        <AppLink to="/register/student" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          {c.cta}
        </AppLink>
      </Section>
    </>
  );
}
