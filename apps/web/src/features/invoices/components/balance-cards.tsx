import type { Balance } from '@darsak/domain/invoices';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { StatTile } from '../../dashboards/components/stat-tile.tsx';

/** The four figures of DESIGN §4: earned, reserved, paid out, and what is left to withdraw. */
export function BalanceCards({ balance }: { balance: Balance }) {
  const { t, format } = useI18n();
  // Amounts with piastres are long: a size that fits two tiles side by side on a phone.
  const money = (piastres: number): ReactNode => (
    <span className="text-lg sm:text-2xl">{format.piastres(piastres)}</span>
  );
  return (
    <dl aria-label={t('invoices.balance.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile label={t('invoices.balance.available')} value={money(balance.availablePiastres)} />
      <StatTile
        label={t('invoices.balance.earned')}
        value={money(balance.earnedPiastres)}
        detail={t('invoices.balance.earnedDetail', { count: balance.fulfilledLessons })}
      />
      <StatTile label={t('invoices.balance.reserved')} value={money(balance.reservedPiastres)} />
      <StatTile label={t('invoices.balance.paidOut')} value={money(balance.paidOutPiastres)} />
    </dl>
  );
}
