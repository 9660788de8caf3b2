import type { TutorCard as TutorCardData } from '@darsak/domain/tutors';
import { Avatar, Badge, buttonClasses } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { paths } from '../../../config/paths.ts';
import { useDateFormat } from '../../../lib/date-format.ts';

const MAX_TOPICS_SHOWN = 4;

/** A tutor's rating: stars, the mean and how many rated, or "new" (worded for the tutor's gender) before the first. */
export function TutorRating({ rating, gender }: Pick<TutorCardData, 'rating' | 'gender'>) {
  const { t, format } = useI18n();
  if (rating.average === null || rating.count === 0)
    return <Badge tone="info">{t('booking.tutors.newTutor', { gender })}</Badge>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-sm">
      <RatingStars value={rating.average} />
      <span className="font-semibold text-ink">{format.number(rating.average, { maximumFractionDigits: 1 })}</span>
      <span className="text-muted">{t('booking.tutors.ratingCount', { count: rating.count })}</span>
    </span>
  );
}

/**
 * The lesson lengths that may be booked with a tutor, in words: "15 or 30 minutes", "30 minutes only", or none
 * when the tutor teaches no length the platform offers.
 */
export function useLessonLengthsText() {
  const { t, format } = useI18n();
  return (lengths: TutorCardData['lessonLengths']) => {
    if (lengths.length === 0) return t('booking.tutor.lengthsNone');
    const [only] = lengths.length === 1 ? lengths : [];
    return only ? t('booking.tutor.lengthOnly', { length: format.minutes(only) }) : t('booking.tutor.lengthsBoth');
  };
}

/** One tutor of the /tutors list: photo, Arabic name, rating, a single lesson length, topics and next free time. */
export function TutorCard({ tutor }: { tutor: TutorCardData }) {
  const { t, locale, format } = useI18n();
  const dates = useDateFormat();
  const lengthsText = useLessonLengthsText();
  const more = tutor.topics.length - MAX_TOPICS_SHOWN;
  return (
    <article className="flex h-full flex-col gap-4 rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card)">
      <div className="flex items-start gap-4">
        <Avatar name={tutor.name} src={tutor.image} size="lg" decorative />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="text-lg font-bold text-ink">
            <Link
              to={paths.tutor.href(tutor.id)}
              className="hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              {tutor.name}
            </Link>
          </h2>
          <TutorRating rating={tutor.rating} gender={tutor.gender} />
          {tutor.lessonLengths.length === 1 && <p className="text-sm text-muted">{lengthsText(tutor.lessonLengths)}</p>}
        </div>
      </div>
      {tutor.bio && <p className="line-clamp-2 text-sm text-muted">{tutor.bio}</p>}
      {tutor.topics.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('booking.tutor.topics')}>
          {tutor.topics.slice(0, MAX_TOPICS_SHOWN).map((topic) => (
            <li key={topic.id}>
              <Badge tone="primary">{locale === 'ar' ? topic.nameAr : topic.nameEn}</Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge>{t('booking.tutors.moreTopics', { count: format.number(more) })}</Badge>
            </li>
          )}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p className="flex flex-col text-sm">
          <span className="text-muted">{t('booking.tutors.nextFree')}</span>
          <span className="font-semibold text-ink">
            {tutor.nextFreeAt ? dates.dayTime(tutor.nextFreeAt) : t('booking.tutors.noFreeTime')}
          </span>
        </p>
        <Link
          to={paths.tutor.href(tutor.id)}
          className={buttonClasses({ size: 'sm', variant: 'secondary' })}
          aria-label={t('booking.tutors.viewProfileOf', { name: tutor.name })}
        >
          {t('booking.tutors.viewProfile')}
        </Link>
      </div>
    </article>
  );
}
