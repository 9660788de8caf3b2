import type { Balance } from '@darsak/domain/invoices';
import { Card } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

const HEIGHT = 140;
const BAR = 18;
const GAP = 10;

/** Earnings of the last 12 weeks as bars (plain SVG); each bar is named for screen readers. */
export function EarningsChart({ weekly }: { weekly: Balance['weekly'] }) {
  const { t, format, dir } = useI18n();
  const top = Math.max(...weekly.map((w) => w.piastres), 1);
  const width = weekly.length * (BAR + GAP);
  const label = (w: Balance['weekly'][number]) =>
    t('invoices.chart.week', {
      date: format.date(`${w.weekStart}T12:00:00Z`, { dateStyle: 'medium' }),
      amount: format.piastres(w.piastres),
    });
  const empty = weekly.every((w) => w.piastres === 0);
  return (
    <Card title={t('invoices.chart.title')} description={t('invoices.chart.description')}>
      {empty ? (
        <p className="text-sm text-muted">{t('invoices.chart.empty')}</p>
      ) : (
        <figure className="overflow-x-auto">
          <svg
            role="img"
            aria-label={t('invoices.chart.title')}
            viewBox={`0 0 ${width} ${HEIGHT + 24}`}
            className="h-44 w-full min-w-72"
            preserveAspectRatio="none"
          >
            {weekly.map((w, i) => {
              const h = Math.round((w.piastres / top) * HEIGHT);
              // Time runs the way the text does: right to left in Arabic.
              const x = (dir === 'rtl' ? weekly.length - 1 - i : i) * (BAR + GAP) + GAP / 2;
              return (
                <g key={w.weekStart}>
                  <title>{label(w)}</title>
                  <rect x={x} y={HEIGHT - h} width={BAR} height={Math.max(h, 1)} rx={3} className="fill-primary-500" />
                  <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" className="fill-muted text-[9px]">
                    {format.date(`${w.weekStart}T12:00:00Z`, {
                      day: 'numeric',
                      month: 'numeric',
                      dateStyle: undefined,
                    })}
                  </text>
                </g>
              );
            })}
          </svg>
          <figcaption className="sr-only">
            <ul>
              {weekly.map((w) => (
                <li key={w.weekStart}>{label(w)}</li>
              ))}
            </ul>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
