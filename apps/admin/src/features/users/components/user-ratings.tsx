import { RATING_MAX, type RatingView } from '@darsak/domain/ratings';
import { Card, type TableColumn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { type RatingSide, useUserRatings } from '../hooks/use-users.ts';

/**
 * The ratings a student gave or a tutor received, latest first, each with its lesson (which opens the room's
 * timeline) and the other person: the facts a dispute over a lesson starts from (issue 12).
 */
export function UserRatings({ userId, side }: { userId: number; side: RatingSide }) {
  const { t, format } = useI18n();
  const paging = usePaging(`user-ratings-${side}`);
  const ratings = useUserRatings(userId, side, paging.page, paging.size);
  const title = t(side === 'given' ? 'staff.user.ratingsGiven' : 'staff.user.ratingsReceived');
  const columns: TableColumn<RatingView>[] = [
    {
      key: 'lesson',
      header: t('staff.ratings.lesson'),
      cell: (r) =>
        r.lessonId === null ? (
          '—'
        ) : (
          <Link className="text-primary-700 underline" to={paths.lesson.href(r.lessonId)}>
            {r.lessonStartsAt ? format.dateTime(r.lessonStartsAt) : `#${format.number(r.lessonId)}`}
          </Link>
        ),
    },
    {
      key: 'other',
      // A student rates tutors; a tutor is rated by students.
      header: t(side === 'given' ? 'role.3' : 'role.4'),
      cell: (r) => {
        const other = side === 'given' ? r.ratee : r.rater;
        return (
          <Link className="text-primary-700 underline" to={paths.user.href(other.id)}>
            {other.name}
          </Link>
        );
      },
    },
    {
      key: 'stars',
      header: t('staff.ratings.stars'),
      cell: (r) => (
        <span className="whitespace-nowrap">
          {t('staff.ratings.starsOf', { stars: format.number(r.value), max: format.number(RATING_MAX) })}
        </span>
      ),
    },
    { key: 'comment', header: t('staff.ratings.comment'), cell: (r) => r.text ?? '—' },
  ];
  return (
    <Card title={title}>
      <PagedTable
        query={ratings}
        caption={title}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t(side === 'given' ? 'staff.ratings.emptyGiven' : 'staff.ratings.emptyReceived')}
        loadError={t('staff.ratings.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
