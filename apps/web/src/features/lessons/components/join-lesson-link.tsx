import type { LessonView } from '@darsak/domain/lessons';
import { opensMinutesBeforeOf } from '@darsak/domain/sessions';
import { buttonClasses, VideoIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useNow } from '../hooks/use-now.ts';
import { canJoin, isJoinAhead } from './lesson-rules.ts';

/** The way into the live lesson: a link while its window is open, else when it opens. */
export function JoinLessonLink({ lesson }: { lesson: LessonView }) {
  const { t } = useI18n();
  const now = useNow(15_000);
  if (canJoin(lesson, now)) {
    return (
      <Link to={`${paths.session.href()}?lessonId=${lesson.id}`} className={buttonClasses({ variant: 'accent' })}>
        <VideoIcon />
        {t('booking.lesson.join')}
      </Link>
    );
  }
  if (isJoinAhead(lesson, now)) {
    return (
      <p className="text-sm text-muted">{t('booking.lesson.joinOpens', { count: opensMinutesBeforeOf(lesson) })}</p>
    );
  }
  return null;
}
