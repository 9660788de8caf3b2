import { useT } from '@darsak/ui/i18n';
import { CouponsTable } from '../../features/coupons/components/coupons-table.tsx';
import { PlansTable } from '../../features/plans/components/plans-table.tsx';

/** /plans: plans with their prices, and the coupon codes. */
export function PlansPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.plans')}</h1>
        <p className="text-muted">{t('payments.admin.plans.subtitle')}</p>
      </div>
      <PlansTable />
      <CouponsTable />
    </div>
  );
}
