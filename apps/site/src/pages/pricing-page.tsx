import { CardGrid, PageHero, Section } from '../components/layout.tsx';
import { SubscribeLink } from '../components/plan-list.tsx';
import { useSite } from '../components/site-context.tsx';
import { LiveRegion } from '../live/live-regions.tsx';

const asItems = (list: ReadonlyArray<{ name: string; body: string }>) =>
  list.map(({ name, body }) => ({ title: name, body }));

export function PricingPage() {
  const c = useSite().content.pricing;
  return (
    <>
      <PageHero heading={c.heading} lead={c.lead} />
      <Section title={c.plansTitle}>
        <LiveRegion kind="plans" />
        <div className="mt-6">
          <SubscribeLink />
        </div>
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
