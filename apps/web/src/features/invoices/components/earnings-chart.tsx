import type { Balance } from '@darsak/domain/invoices';
import { BarChart, Card } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

/** Earnings of the last 12 weeks as bars; each bar is named for screen readers. */
export function EarningsChart({ weekly }: { weekly: Balance['weekly'] }) {
  const { t, format } = useI18n();
  const weekOf = (w: Balance['weekly'][number]) => `${w.weekStart}T12:00:00Z`;
  const empty = weekly.every((w) => w.piastres === 0);
  return (
    <Card title={t('invoices.chart.title')} description={t('invoices.chart.description')}>
      {empty ? (
        <p className="text-sm text-muted">{t('invoices.chart.empty')}</p>
      ) : (
        <BarChart
          title={t('invoices.chart.title')}
          bars={weekly.map((w) => ({
            key: w.weekStart,
            value: w.piastres,
            label: format.date(weekOf(w), { day: 'numeric', month: 'numeric', dateStyle: undefined }),
            description: t('invoices.chart.week', {
              date: format.date(weekOf(w), { dateStyle: 'medium' }),
              amount: format.piastres(w.piastres),
            }),
          }))}
        />
      )}
    </Card>
  );
}
