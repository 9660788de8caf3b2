import type { LessonView } from '@darsak/domain/lessons';
import { Card, type TableColumn } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useLessons } from '../hooks/use-users.ts';

/** The person's lessons (as student or tutor), newest first, each opening its lesson page; read only. */
export function UserLessons({ userId }: { userId: number }) {
  const { t, format } = useI18n();
  const paging = usePaging('user-lessons');
  const lessons = useLessons(userId, paging.page, paging.size);
  const member = (m: LessonView['student']) =>
    m.id === userId ? (
      m.name
    ) : (
      <Link className="text-primary-700 underline" to={paths.user.href(m.id)}>
        {m.name}
      </Link>
    );
  const columns: TableColumn<LessonView>[] = [
    {
      key: 'id',
      header: '#',
      // The lesson's page holds the room's timeline (joins, drops, time present) that settles a dispute.
      cell: (l) => (
        <Link className="font-semibold text-primary-700 underline" to={paths.lesson.href(l.id)}>
          {format.number(l.id)}
        </Link>
      ),
    },
    { key: 'start', header: t('staff.lessons.start'), cell: (l) => format.dateTime(l.startsAt) },
    {
      key: 'length',
      header: t('staff.lessons.length'),
      cell: (l) => t('staff.lessons.minutes', { count: l.durationMinutes }),
    },
    { key: 'student', header: t('role.4'), cell: (l) => member(l.student) },
    { key: 'tutor', header: t('role.3'), cell: (l) => member(l.tutor) },
    {
      key: 'status',
      header: t('staff.lessons.status'),
      cell: (l) => t(`booking.lesson.status.${l.status}` as MessageKey),
    },
    { key: 'price', header: t('staff.lessons.price'), cell: (l) => format.piastres(l.pricePiastres) },
  ];
  return (
    <Card title={t('staff.user.lessons')}>
      <PagedTable
        query={lessons}
        caption={t('staff.user.lessons')}
        columns={columns}
        rowKey={(l) => l.id}
        empty={t('staff.lessons.empty')}
        loadError={t('staff.lessons.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
