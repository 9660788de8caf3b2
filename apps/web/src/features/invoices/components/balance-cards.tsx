import type { Balance } from '@darsak/domain/invoices';
import { useI18n } from '@darsak/ui/i18n';
import { StatTile } from '../../dashboards/components/stat-tile.tsx';

/** The four figures of DESIGN §4: earned, reserved, paid out, and what is left to withdraw. */
export function BalanceCards({ balance }: { balance: Balance }) {
  const { t, format } = useI18n();
  return (
    <dl aria-label={t('invoices.balance.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile label={t('invoices.balance.available')} value={format.piastres(balance.availablePiastres)} />
      <StatTile
        label={t('invoices.balance.earned')}
        value={format.piastres(balance.earnedPiastres)}
        detail={t('invoices.balance.earnedDetail', { count: format.number(balance.fulfilledLessons) })}
      />
      <StatTile label={t('invoices.balance.reserved')} value={format.piastres(balance.reservedPiastres)} />
      <StatTile label={t('invoices.balance.paidOut')} value={format.piastres(balance.paidOutPiastres)} />
    </dl>
  );
}
