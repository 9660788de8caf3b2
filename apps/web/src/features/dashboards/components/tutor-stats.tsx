import { myTutorStatsQuery } from '@darsak/client';
import { BookIcon, ClockIcon, LoadingAnimation, UsersIcon, WalletIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { usePaymentsText } from '../../../lib/payments-text.ts';
import { StatTile } from './stat-tile.tsx';

/** The stats of /t/dashboard: lessons given, students, teaching hours, income (EGP, in the page's language). */
export function TutorStats() {
  const { t, format } = useI18n();
  // whole pounds without ".00": the tile is half a phone's width
  const { money } = usePaymentsText();
  const stats = useQuery(myTutorStatsQuery(api));
  if (stats.isPending) return <LoadingAnimation className="min-h-0 py-8" />;
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  return (
    <section aria-labelledby="stats-title" className="flex flex-col gap-3">
      <h2 id="stats-title" className="sr-only">
        {t('booking.dashboard.stats')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          icon={<BookIcon />}
          label={t('booking.dashboard.lessonsGiven')}
          value={format.number(data.lessons)}
          detail={t('booking.dashboard.upcomingCount', { count: data.upcomingLessons })}
        />
        <StatTile icon={<UsersIcon />} label={t('booking.dashboard.students')} value={format.number(data.students)} />
        <StatTile
          icon={<ClockIcon />}
          label={t('booking.dashboard.teachingHours')}
          value={format.duration(data.teachingMinutes)}
        />
        <StatTile
          icon={<WalletIcon />}
          label={t('booking.dashboard.income')}
          value={<bdi>{money(data.incomePiastres)}</bdi>}
          detail={t('booking.dashboard.incomeDetail')}
        />
      </dl>
    </section>
  );
}
