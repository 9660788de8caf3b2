import { useI18n } from '@darsak/ui/i18n';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { paths } from '../../config/paths.ts';
import { CallTimeline, CancelLessonAction, LessonDetails } from '../../features/lessons/components/lesson-record.tsx';
import { useLessonRecord } from '../../features/lessons/hooks/use-staff-lessons.ts';

/** /lesson/{id}: the lesson, who cancelled it, its room's timeline, and the admin's cancel. */
export function LessonPage() {
  const { t, format } = useI18n();
  const id = Number(useParams().id);
  return (
    <RecordPage
      query={useLessonRecord(id)}
      back={{ href: paths.lessons.href(), label: t('staff.lesson.back') }}
      title={t('staff.lesson.title', { id: format.number(id) })}
      notFound="lesson-not-found"
      loadError={t('staff.lesson.loadError')}
    >
      {(record) => (
        <>
          <LessonDetails record={record} />
          <CancelLessonAction record={record} />
          <CallTimeline record={record} />
        </>
      )}
    </RecordPage>
  );
}
