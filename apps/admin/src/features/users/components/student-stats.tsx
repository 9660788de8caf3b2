import { Button, Card, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { FigureTiles } from '../../../components/figure-tiles.tsx';
import { useStudentStats } from '../hooks/use-users.ts';

/** A student's lessons (held, booked, cancelled), the tutors they learned with and the time learned. */
export function StudentStats({ studentId }: { studentId: number }) {
  const { t, format } = useI18n();
  const stats = useStudentStats(studentId);
  let body: React.ReactNode;
  if (stats.isPending) body = <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  else if (stats.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-red-800">
          {t('staff.student.statsError')}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void stats.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    const s = stats.data;
    body = (
      <FigureTiles
        tiles={[
          ['staff.student.fulfilled', format.number(s.lessons.fulfilled)],
          ['staff.student.upcoming', format.number(s.lessons.upcoming)],
          ['staff.student.cancelled', format.number(s.lessons.cancelled)],
          ['staff.student.tutors', format.number(s.tutors)],
          ['staff.student.learned', t('staff.lessons.minutes', { count: s.learnedMinutes })],
        ]}
      />
    );
  }
  return <Card title={t('staff.student.stats')}>{body}</Card>;
}
