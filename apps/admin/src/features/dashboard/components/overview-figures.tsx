import { ONBOARDING_STEPS } from '@darsak/domain/interviews';
import { type Overview, SUPPLY_RANGES } from '@darsak/domain/overview';
import { BarChart, Card, Table, type TableColumn } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

type LessonRow = { range: 'today' | 'week'; counts: Overview['lessons']['today'] };

/** A figure with its label, large; `note` under it. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-xl font-bold [overflow-wrap:anywhere] sm:text-2xl">{value}</span>
      {note && <span className="text-sm text-muted">{note}</span>}
    </div>
  );
}

function Figures({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">{children}</div>;
}

function Revenue({ revenue }: { revenue: Overview['revenue'] }) {
  const { t, format } = useI18n();
  return (
    <Card title={t('staff.overview.revenue')} description={t('staff.overview.revenueHint')}>
      <Figures>
        {(['today', 'week', 'month'] as const).map((range) => (
          <Figure
            key={range}
            label={t(`staff.overview.${range}`)}
            value={format.piastres(revenue[range].netPiastres)}
            note={t('staff.overview.refunded', { amount: format.piastres(revenue[range].refundedPiastres) })}
          />
        ))}
      </Figures>
    </Card>
  );
}

function Lessons({ lessons }: { lessons: Overview['lessons'] }) {
  const { t, format } = useI18n();
  const count = (key: keyof LessonRow['counts']) => (row: LessonRow) => format.number(row.counts[key]);
  const columns: TableColumn<LessonRow>[] = [
    { key: 'range', header: t('staff.overview.period'), cell: (row) => t(`staff.overview.${row.range}`) },
    { key: 'booked', header: t('staff.overview.booked'), cell: count('booked') },
    { key: 'held', header: t('staff.overview.held'), cell: count('held') },
    { key: 'cancelled', header: t('staff.overview.cancelled'), cell: count('cancelled') },
    { key: 'noShows', header: t('staff.overview.noShows'), cell: count('tutorNoShows') },
  ];
  return (
    <Card title={t('staff.overview.lessons')}>
      <Table
        caption={t('staff.overview.lessons')}
        columns={columns}
        rows={[
          { range: 'today', counts: lessons.today },
          { range: 'week', counts: lessons.week },
        ]}
        rowKey={(row) => row.range}
      />
    </Card>
  );
}

function Supply({ supply }: { supply: Overview['supply'] }) {
  const { t, format } = useI18n();
  return (
    <Card title={t('staff.overview.supply')} description={t('staff.overview.supplyHint')}>
      <ul className="flex flex-col gap-4">
        {SUPPLY_RANGES.map((range) => {
          const row = supply.find((s) => s.range === range);
          if (!row) return null;
          const share = row.openMinutes === 0 ? 1 : Math.min(row.bookedMinutes / row.openMinutes, 1);
          return (
            <li key={range} className="flex flex-col gap-1">
              <span className="font-semibold">{t(`staff.overview.range.${range}`)}</span>
              <span className="flex flex-wrap gap-x-4 text-sm">
                <span>{t('staff.overview.openHours', { hours: format.duration(row.openMinutes) })}</span>
                <span>{t('staff.overview.bookedHours', { hours: format.duration(row.bookedMinutes) })}</span>
              </span>
              <span aria-hidden className="h-2 overflow-hidden rounded-full bg-stone-200">
                <span
                  className={share >= 0.9 ? 'block h-full bg-red-600' : 'block h-full bg-primary-500'}
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function Subscriptions({ subscriptions }: { subscriptions: Overview['subscriptions'] }) {
  const { t, format, locale } = useI18n();
  const name = (p: Overview['subscriptions']['byPlan'][number]) =>
    (locale === 'ar' ? p.nameAr : p.nameEn) || `#${p.planId}`;
  return (
    <Card
      title={t('staff.overview.subscriptions')}
      description={t('staff.overview.subscriptionsTotal', { count: subscriptions.total })}
    >
      {subscriptions.byPlan.length === 0 ? (
        <p className="text-muted">{t('staff.overview.noSubscriptions')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {subscriptions.byPlan.map((p) => (
            <li key={p.planId} className="flex justify-between gap-3">
              <span>{name(p)}</span>
              <span className="font-semibold">{format.number(p.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Onboarding({ onboarding }: { onboarding: Overview['onboarding'] }) {
  const { t, format } = useI18n();
  return (
    <Card title={t('staff.overview.onboarding')}>
      <ul className="flex flex-col gap-2">
        {ONBOARDING_STEPS.map((step) => (
          <li key={step} className="flex justify-between gap-3">
            <span>{t(`onboarding.step.${step}` as MessageKey)}</span>
            <span className="font-semibold">{format.number(onboarding.find((s) => s.step === step)?.tutors ?? 0)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Charts({ daily }: { daily: Overview['daily'] }) {
  const { t, format } = useI18n();
  const dayOf = (day: string) => `${day}T12:00:00Z`;
  const short = (day: string) => format.date(dayOf(day), { day: 'numeric', month: 'numeric', dateStyle: undefined });
  const long = (day: string) => format.date(dayOf(day), { dateStyle: 'medium' });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card title={t('staff.overview.chartRevenue')}>
        <BarChart
          title={t('staff.overview.chartRevenue')}
          labelEvery={5}
          bars={daily.map((d) => ({
            key: d.day,
            value: d.netPiastres,
            label: short(d.day),
            description: t('staff.overview.dayRevenue', { date: long(d.day), amount: format.piastres(d.netPiastres) }),
          }))}
        />
      </Card>
      <Card title={t('staff.overview.chartLessons')}>
        <BarChart
          title={t('staff.overview.chartLessons')}
          tone="accent"
          labelEvery={5}
          bars={daily.map((d) => ({
            key: d.day,
            value: d.lessonsHeld,
            label: short(d.day),
            description: t('staff.overview.dayLessons', { date: long(d.day), count: d.lessonsHeld }),
          }))}
        />
      </Card>
    </div>
  );
}

/** The operator's morning view: money, people, lessons, supply, onboarding, withdrawals, the last 30 days. */
export function OverviewFigures({ overview }: { overview: Overview }) {
  const { t, format } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <Revenue revenue={overview.revenue} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Lessons lessons={overview.lessons} />
        <Supply supply={overview.supply} />
        <Card title={t('staff.overview.newStudents')}>
          <Figures>
            <Figure label={t('staff.overview.today')} value={format.number(overview.newStudents.today)} />
            <Figure label={t('staff.overview.week')} value={format.number(overview.newStudents.week)} />
          </Figures>
        </Card>
        <Card title={t('staff.overview.withdrawals')}>
          <p>
            {t('staff.overview.withdrawalsBody', {
              count: overview.withdrawals.waiting,
              amount: format.piastres(overview.withdrawals.amountPiastres),
            })}
          </p>
          <Link to={paths.invoices.href()} className="mt-2 inline-block text-primary-700 underline">
            {t('staff.overview.withdrawalsLink')}
          </Link>
        </Card>
        <Subscriptions subscriptions={overview.subscriptions} />
        <Onboarding onboarding={overview.onboarding} />
      </div>
      <Charts daily={overview.daily} />
    </div>
  );
}
