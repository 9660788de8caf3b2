import { Alert, buttonClasses } from '@darsak/ui';
import { AppLink } from '../components/app-url.tsx';
import { CardGrid, PageHero, Section } from '../components/layout.tsx';
import { Tiers } from '../components/tiers.tsx';
import { ar } from '../content/ar.ts';

const asItems = (list: ReadonlyArray<{ name: string; body: string }>) =>
  list.map(({ name, body }) => ({ title: name, body }));

export function PricingPage() {
  const c = ar.pricing;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section>
        <Tiers />
        <Alert
          tone="info"
          className="mt-6"
          action={
            <AppLink to="/plans" className={buttonClasses({ size: 'sm' })}>
              {c.pricesCta}
            </AppLink>
          }
        >
          {c.pricesNote}
        </Alert>
      </Section>
      <Section title={c.periodsTitle} tone="tint">
        <CardGrid items={asItems(c.periods)} />
      </Section>
      <Section title={c.paymentTitle}>
        <CardGrid items={asItems(c.payments)} columns={4} />
      </Section>
      <Section title={c.cancelTitle} tone="tint">
        <p className="max-w-3xl text-lg text-muted">{c.cancelBody}</p>
      </Section>
    </>
  );
}
