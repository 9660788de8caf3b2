import { tutorReviewsInfiniteQuery } from '@darsak/client';
import { RATING_LABELS, ratingLabelOf } from '@darsak/domain/ratings';
import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  LoadingAnimation,
  PageSizeSelect,
  SparkleIcon,
  Spinner,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { DeleteRatingButton } from './delete-rating-button.tsx';

/**
 * The reviews tab of /t/{id}: the summary, then each rating with its label and text, latest first; the viewer's
 * own review is marked and may be deleted.
 */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const { t, format, locale } = useI18n();
  // the signed-in student finds their own review marked, and may delete it there
  const viewerId = useCurrentUser()?.id;
  const dates = useDateFormat();
  const paging = useListPaging('reviews');
  const query = useInfiniteQuery(tutorReviewsInfiniteQuery(api, tutorId, paging.size));
  if (query.isPending) return <LoadingAnimation label={t('booking.reviews.loading')} />;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const pages = query.data?.pages ?? [];
  const summary = pages[0]?.summary ?? { average: null, count: 0 };
  const reviews = pages.flatMap((page) => page.list);
  if (reviews.length === 0) {
    return (
      <EmptyState
        level={2}
        icon={<SparkleIcon />}
        title={t('booking.reviews.empty')}
        description={t('booking.reviews.emptyBody')}
      />
    );
  }
  const label = summary.average !== null ? ratingLabelOf(summary.average) : undefined;
  return (
    <div className="flex flex-col gap-4">
      {summary.average !== null && (
        <Card level={3}>
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-4xl font-extrabold text-ink">
              {format.number(summary.average, { maximumFractionDigits: 1 })}
            </p>
            <div className="space-y-1">
              <RatingStars value={summary.average} />
              <p className="text-sm text-muted">
                {label && <span className="font-semibold text-ink">{locale === 'ar' ? label.ar : label.en} · </span>}
                {t('booking.reviews.count', { count: summary.count })}
              </p>
            </div>
          </div>
        </Card>
      )}
      <ul className="flex flex-col gap-3" aria-label={t('booking.tutor.tab.reviews')}>
        {reviews.map((review) => {
          const reviewLabel = RATING_LABELS.find((l) => l.value === review.value);
          return (
            <li key={review.id}>
              <article className="flex gap-3 rounded-(--radius-card) border border-line bg-surface p-4">
                <Avatar name={review.rater.name} src={review.rater.image} size="md" decorative />
                <div className="min-w-0 flex-1 space-y-1.5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                      {review.rater.name}
                      {review.raterId === viewerId && <Badge tone="primary">{t('booking.reviews.yours')}</Badge>}
                    </h2>
                    <time dateTime={review.updatedAt} className="text-xs text-muted">
                      {dates.day(review.updatedAt)}
                    </time>
                  </div>
                  <RatingStars value={review.value} showLabel />
                  {review.text ? (
                    // A review may be written in English: its own direction keeps its punctuation in place.
                    <p dir="auto" className="whitespace-pre-line text-start text-ink">
                      {review.text}
                    </p>
                  ) : (
                    <p className="text-sm text-muted">{reviewLabel ? t('booking.reviews.noText') : null}</p>
                  )}
                  {review.raterId === viewerId && (
                    <DeleteRatingButton
                      ratingId={review.id}
                      tutor={{ id: tutorId, name: review.ratee.name }}
                      size="sm"
                    />
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm text-muted" role="status">
          {t('booking.reviews.shown', {
            shown: format.number(reviews.length),
            count: pages.at(-1)?.total ?? reviews.length,
          })}
        </p>
        {query.isFetchNextPageError && <LoadError error={query.error} onRetry={() => void query.fetchNextPage()} />}
        {query.isFetchingNextPage && <Spinner label={t('booking.tutors.loadingMore')} />}
        {query.hasNextPage && !query.isFetchingNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
            {t('booking.reviews.loadMore')}
          </Button>
        )}
        <PageSizeSelect value={paging.size} onChange={paging.setSize} />
      </div>
    </div>
  );
}
