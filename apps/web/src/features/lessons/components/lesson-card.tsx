import type { LessonView } from '@darsak/domain/lessons';
import { Avatar } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { LessonStatusBadge } from './lesson-status.tsx';

/** The other member of a lesson for whoever is looking: the tutor for a student, the student for a tutor. */
export const otherMemberOf = (lesson: LessonView, viewerId: number) =>
  lesson.student.id === viewerId ? lesson.tutor : lesson.student;

/** One lesson in a list: who with, when, how long, its state; the whole row opens /lesson/{id}. */
export function LessonCard({ lesson, viewerId }: { lesson: LessonView; viewerId: number }) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const other = otherMemberOf(lesson, viewerId);
  const withKey = lesson.student.id === viewerId ? 'booking.lesson.withTutor' : 'booking.lesson.withStudent';
  return (
    <article className="relative flex items-center gap-3 rounded-xl border border-line bg-surface p-3 hover:border-primary-300 sm:p-4">
      <Avatar name={other.name} src={other.image} size="md" decorative />
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="min-w-0 font-semibold text-ink">
            <Link
              to={paths.lesson.href(lesson.id)}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-primary-600"
            >
              {t(withKey, { name: other.name, gender: other.gender })}
            </Link>
          </h3>
          <LessonStatusBadge lesson={lesson} />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted">
          <time dateTime={lesson.startsAt}>{dates.day(lesson.startsAt)}</time>
          <span>{dates.timeRange(lesson.startsAt, lesson.endsAt)}</span>
          <span>{format.minutes(lesson.durationMinutes)}</span>
        </p>
      </div>
    </article>
  );
}
