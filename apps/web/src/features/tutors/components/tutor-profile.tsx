import { isApiError, tutorInfoQuery } from '@darsak/client';
import type { TutorProfile as TutorProfileData } from '@darsak/domain/tutors';
import { Avatar, Badge, Card, LoadingAnimation, NotFound, Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { numberFormat, useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { IntroVideo } from './intro-video.tsx';
import { TutorRating, useLessonLengthsText } from './tutor-card.tsx';

/** "٣٠ دقيقة", "ساعتان", "يوم" … a notice period in the largest fitting unit. */
function useDuration() {
  const { intlLocale } = useI18n();
  return (minutes: number) => {
    const unit = (value: number, u: 'minute' | 'hour' | 'day') =>
      numberFormat(intlLocale, { style: 'unit', unit: u, unitDisplay: 'long' }).format(value);
    if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
    if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
    return unit(minutes, 'minute');
  };
}

/** The least a lesson of the tutor's longest length costs, in piastres, when a plan is on sale. */
function lessonPrice(tutor: TutorProfileData, priceOf: ProfileTabProps['priceOf']) {
  const minutes = Math.max(0, ...tutor.lessonLengths);
  const piastres = minutes > 0 ? priceOf?.(minutes) : undefined;
  return piastres === undefined ? undefined : { minutes, piastres };
}

interface ProfileTabProps {
  tutor: TutorProfileData;
  latestReviews: ReactNode;
  priceOf: ((minutes: number) => number | undefined) | undefined;
}

function ProfileTab({ tutor, latestReviews, priceOf }: ProfileTabProps) {
  const { t, locale, format } = useI18n();
  const price = lessonPrice(tutor, priceOf);
  const duration = useDuration();
  const lengthsText = useLessonLengthsText();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex flex-col gap-6">
        {tutor.video && (
          <Card title={t('booking.tutor.video')} level={2}>
            <IntroVideo src={tutor.video} poster={tutor.thumbnail} name={tutor.name} />
          </Card>
        )}
        <Card title={t('booking.tutor.about', { gender: tutor.gender })} level={2}>
          {tutor.about ? (
            <p className="whitespace-pre-line leading-relaxed text-ink">{tutor.about}</p>
          ) : (
            <p className="text-muted">{t('booking.tutor.noAbout', { gender: tutor.gender })}</p>
          )}
        </Card>
        {latestReviews}
      </div>
      <div className="flex flex-col gap-6">
        <Card title={t('booking.tutor.topics')} level={2}>
          {tutor.topics.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {tutor.topics.map((topic) => (
                <li key={topic.id}>
                  <Badge tone="primary">{locale === 'ar' ? topic.nameAr : topic.nameEn}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t('booking.tutor.noTopics', { gender: tutor.gender })}</p>
          )}
        </Card>
        <Card title={t('booking.tutor.booking')} level={2}>
          <dl className="space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">{t('booking.tutor.noticePeriod')}</dt>
              <dd className="font-semibold text-ink">{duration(tutor.noticePeriodMinutes)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">{t('booking.tutor.lengths')}</dt>
              <dd className="font-semibold text-ink">{lengthsText(tutor.lessonLengths)}</dd>
            </div>
            {price && (
              <div className="flex justify-between gap-4">
                <dt className="shrink-0 text-muted">{t('booking.tutor.price')}</dt>
                <dd className="font-semibold text-ink">
                  {t('booking.tutor.priceFrom', {
                    price: format.piastres(price.piastres),
                    minutes: duration(price.minutes),
                  })}
                </dd>
              </div>
            )}
          </dl>
          <p className="mt-3 text-sm text-muted">
            {t('booking.tutor.noticeExplained', { notice: duration(tutor.noticePeriodMinutes) })}
          </p>
          {price && (
            <p className="mt-2 text-sm text-muted">
              {t('booking.tutor.priceExplained')}{' '}
              <Link
                to={paths.plans.href()}
                className="font-semibold text-primary-700 underline-offset-2 hover:underline"
              >
                {t('booking.tutor.seePlans')}
              </Link>
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}

type Tab = 'profile' | 'reviews';

/**
 * /t/{id}: the header (photo, name, bio, rating, next free time), the profile tab (with the latest reviews and the
 * price of a lesson) and the reviews tab. The page passes the reviews (ratings feature), the price (plans) and the
 * actions (book, message).
 */
export function TutorProfile({
  tutorId,
  reviews,
  latestReviews,
  priceOf,
  actions,
}: {
  tutorId: number;
  reviews: ReactNode;
  /** A few reviews on the profile tab, with a way to the reviews tab. */
  latestReviews?: (showAll: () => void) => ReactNode;
  priceOf?: (minutes: number) => number | undefined;
  actions?: (tutor: TutorProfileData) => ReactNode;
}) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const [tab, setTab] = useState<Tab>('profile');
  const query = useQuery(tutorInfoQuery(api, tutorId));
  if (query.isPending) return <LoadingAnimation />;
  if (query.isError) {
    if (isApiError(query.error, 'tutor-not-found')) return <NotFound />;
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const tutor = query.data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-5 rounded-(--radius-card) border border-line bg-surface p-5 shadow-(--shadow-card) sm:flex-row sm:items-center sm:p-6">
        <Avatar name={tutor.name} src={tutor.image} size="xl" />
        <div className="min-w-0 flex-1 space-y-2">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{tutor.name}</h1>
          {tutor.bio && <p className="text-muted">{tutor.bio}</p>}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <TutorRating rating={tutor.rating} gender={tutor.gender} />
            <span className="text-muted">
              {t('booking.tutor.lessonsGiven', { count: format.number(tutor.lessons) })}
            </span>
          </div>
          <p className="text-sm">
            <span className="text-muted">{t('booking.tutors.nextFree')}: </span>
            <span className="font-semibold text-ink">
              {tutor.nextFreeAt ? dates.dayTime(tutor.nextFreeAt) : t('booking.tutors.noFreeTime')}
            </span>
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2 sm:flex-col">{actions(tutor)}</div>}
      </header>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label={t('booking.tutor.tabs')} className="self-start">
          <TabsTrigger value="profile">{t('booking.tutor.tab.profile')}</TabsTrigger>
          <TabsTrigger value="reviews">
            {t('booking.tutor.tab.reviews')} ({format.number(tutor.rating.count)})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab
            tutor={tutor}
            latestReviews={latestReviews?.(() => {
              setTab('reviews');
              window.scrollTo({ top: 0 });
            })}
            priceOf={priceOf}
          />
        </TabsContent>
        <TabsContent value="reviews">{reviews}</TabsContent>
      </Tabs>
    </div>
  );
}
