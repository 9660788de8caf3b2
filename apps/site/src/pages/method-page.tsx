import { buttonClasses } from '@darsak/ui';
import { AppLink } from '../components/app-url.tsx';
import { CardGrid, PageHero, Section } from '../components/layout.tsx';
import { useSite } from '../components/site-context.tsx';

export function MethodPage() {
  const c = useSite().content.method;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section>
        <CardGrid items={c.points} level={2} />
        <AppLink to="/register/student" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          {c.cta}
        </AppLink>
      </Section>
    </>
  );
}
