import { errorCodeOf } from '@darsak/client';
import { buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CallTimeline, CancelLessonAction, LessonDetails } from '../../features/lessons/components/lesson-record.tsx';
import { useLessonRecord } from '../../features/lessons/hooks/use-staff-lessons.ts';

/** /lesson/{id}: the lesson, who cancelled it, its room's timeline, and the admin's cancel. */
export function LessonPage() {
  const { t, format, errorMessage } = useI18n();
  const id = Number(useParams().id);
  const record = useLessonRecord(id);
  const back = (
    <Link to={paths.lessons.href()} className="text-sm text-primary-700 underline">
      {t('staff.lesson.back')}
    </Link>
  );
  if (record.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (record.isError) {
    const code = errorCodeOf(record.error);
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {code === 'lesson-not-found' ? errorMessage(code) : t('staff.lesson.loadError')}
        </p>
        {code !== 'lesson-not-found' && (
          <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => record.refetch()}>
            {t('common.retry')}
          </button>
        )}
        {back}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        {back}
        <h1 className="text-2xl font-bold sm:text-3xl">{t('staff.lesson.title', { id: format.number(id) })}</h1>
      </div>
      <LessonDetails record={record.data} />
      <CancelLessonAction record={record.data} />
      <CallTimeline record={record.data} />
    </div>
  );
}
