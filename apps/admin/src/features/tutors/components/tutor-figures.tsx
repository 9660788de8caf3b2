import type { RatingView } from '@darsak/domain/ratings';
import type { StaffTutorDetail } from '@darsak/domain/tutors';
import { BarChart, Card, Spinner, type TableColumn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { FigureTiles } from '../../../components/figure-tiles.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTutorActivity, useTutorBalance, useTutorRatings, useTutorStats } from '../hooks/use-tutors.ts';

/** A card's loading and error states around its content. */
function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useI18n();
  if (query.isPending) return <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  if (query.data === undefined) {
    return (
      <p role="alert" className="text-red-800">
        {t('staff.tutor.loadError')}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

export function TutoringMinutes({ tutor }: { tutor: StaffTutorDetail }) {
  const { t } = useI18n();
  const m = tutor.tutoringMinutes;
  const minutes = (value: number) => t('staff.tutor.minutesValue', { count: value });
  return (
    <Card title={t('staff.tutor.minutes')}>
      <FigureTiles
        tiles={[
          ['staff.tutor.minutes.total', minutes(m.totalMinutes)],
          ['staff.tutor.minutes.last7', minutes(m.last7DaysMinutes)],
          ['staff.tutor.minutes.last30', minutes(m.last30DaysMinutes)],
          ['staff.tutor.minutes.upcoming', minutes(m.upcomingMinutes)],
        ]}
      />
    </Card>
  );
}

/**
 * Whom and how much the tutor taught (GET /api/v1/user/tutor/stats/:id): distinct students, lessons held and
 * their time, lessons booked ahead.
 */
export function TutorStats({ tutorId }: { tutorId: number }) {
  const { t, format } = useI18n();
  const stats = useTutorStats(tutorId);
  return (
    <Card title={t('staff.tutor.stats')}>
      <Loaded query={stats}>
        {(s) => (
          <FigureTiles
            tiles={[
              ['staff.tutor.stats.students', format.number(s.students)],
              ['staff.tutor.stats.lessons', format.number(s.lessons)],
              ['staff.tutor.stats.taught', t('staff.tutor.minutesValue', { count: s.teachingMinutes })],
              ['staff.tutor.stats.upcoming', format.number(s.upcomingLessons)],
            ]}
          />
        )}
      </Loaded>
    </Card>
  );
}

/** Minutes taught per Cairo day over the last 30 days. */
export function TutorActivity({ tutorId }: { tutorId: number }) {
  const { t, format } = useI18n();
  const activity = useTutorActivity(tutorId);
  const noon = (date: string) => `${date}T12:00:00Z`;
  return (
    <Card title={t('staff.tutor.activity')}>
      <Loaded query={activity}>
        {({ list }) =>
          list.length === 0 ? (
            <p className="text-sm text-muted">{t('staff.tutor.activityEmpty')}</p>
          ) : (
            <BarChart
              title={t('staff.tutor.activity')}
              bars={list.map((day) => ({
                key: day.date,
                value: day.minutes,
                label: format.date(noon(day.date), { day: 'numeric', month: 'numeric', dateStyle: undefined }),
                description: t('staff.tutor.activityBar', {
                  date: format.date(noon(day.date), { dateStyle: 'medium' }),
                  count: day.lessons,
                  minutes: format.minutes(day.minutes),
                }),
              }))}
            />
          )
        }
      </Loaded>
    </Card>
  );
}

/** The tutor's balance: earned, reserved by withdrawal requests, paid out, available. */
export function TutorBalance({ tutorId }: { tutorId: number }) {
  const { t, format } = useI18n();
  const balance = useTutorBalance(tutorId);
  return (
    <Card title={t('staff.tutor.earnings')}>
      <Loaded query={balance}>
        {(b) => (
          <FigureTiles
            tiles={[
              ['staff.tutor.earned', format.piastres(b.earnedPiastres)],
              ['staff.tutor.reserved', format.piastres(b.reservedPiastres)],
              ['staff.tutor.paidOut', format.piastres(b.paidOutPiastres)],
              ['staff.tutor.available', format.piastres(b.availablePiastres)],
            ]}
          />
        )}
      </Loaded>
    </Card>
  );
}

/** The tutor's reviews, latest first, paged. */
export function TutorRatings({ tutorId }: { tutorId: number }) {
  const { t, format } = useI18n();
  const paging = usePaging('tutor-ratings');
  const ratings = useTutorRatings(tutorId, paging.page, paging.size);
  const columns: TableColumn<RatingView>[] = [
    { key: 'rater', header: t('staff.tutor.rater'), cell: (r) => r.rater.name },
    { key: 'value', header: t('staff.tutor.stars'), cell: (r) => format.number(r.value) },
    { key: 'text', header: t('staff.tutor.review'), cell: (r) => r.text ?? '—' },
    { key: 'at', header: t('staff.tutor.reviewedAt'), cell: (r) => format.date(r.createdAt) },
  ];
  return (
    <Card title={t('staff.tutor.ratings')}>
      <PagedTable
        query={ratings}
        caption={t('staff.tutor.ratings')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('staff.tutor.ratingsEmpty')}
        loadError={t('staff.tutor.ratingsError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
