import type { PaidPeriod } from '@darsak/domain/plans';
import { Button, EmptyState, LoadingAnimation, TagIcon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { usePlans } from '../hooks/use-plans.ts';
import { PlanCard } from './plan-card.tsx';

export interface PlansListProps {
  signedIn: boolean;
  canSubscribe: boolean;
  /** Her paid subscription under way: the larger plans offer an upgrade now, for its period. */
  upgradeFrom?: { weeklyMinutes: number; period: PaidPeriod } | null;
}

/** The tiers side by side (stacked on phones), with loading, error and empty states. */
export function PlansList({ signedIn, canSubscribe, upgradeFrom = null }: PlansListProps) {
  const t = useT();
  const plans = usePlans();

  if (plans.isPending) return <LoadingAnimation label={t('common.loading')} className="min-h-[30vh]" />;
  if (plans.isError) {
    return (
      <EmptyState
        title={t('payments.plans.loadError')}
        action={
          <Button variant="secondary" onClick={() => void plans.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (plans.data.length === 0) {
    return (
      <EmptyState icon={<TagIcon />} title={t('payments.plans.empty')} description={t('payments.plans.emptyBody')} />
    );
  }
  const middle = plans.data.length === 3 ? plans.data[1]?.id : undefined;
  return (
    <section aria-label={t('payments.plans.listLabel')} className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      {plans.data.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          signedIn={signedIn}
          canSubscribe={canSubscribe}
          upgradeFrom={upgradeFrom && plan.weeklyMinutes > upgradeFrom.weeklyMinutes ? upgradeFrom : null}
          featured={plan.id === middle}
        />
      ))}
    </section>
  );
}
