import { tutorLatestReviewsQuery, tutorReviewsInfiniteQuery } from '@darsak/client';
import { RATING_LABELS, type RatingView, ratingLabelOf } from '@darsak/domain/ratings';
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
import { useI18n, useT } from '@darsak/ui/i18n';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { DeleteRatingButton } from './delete-rating-button.tsx';

/** One student's review: who, when, the stars and the text; the viewer's own is marked and may be deleted. */
function ReviewItem({
  review,
  tutorId,
  viewerId,
  heading: Heading,
}: {
  review: RatingView;
  tutorId: number;
  viewerId: number | undefined;
  /** Under the page's title in the reviews tab, under a card's title on the profile. */
  heading: 'h2' | 'h3';
}) {
  const t = useT();
  const dates = useDateFormat();
  const reviewLabel = RATING_LABELS.find((l) => l.value === review.value);
  return (
    <article className="flex gap-3 rounded-(--radius-card) border border-line bg-surface p-4">
      <Avatar name={review.rater.name} src={review.rater.image} size="md" decorative />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {review.rater.name}
            {review.raterId === viewerId && <Badge tone="primary">{t('booking.reviews.yours')}</Badge>}
          </Heading>
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
          <DeleteRatingButton ratingId={review.id} tutor={{ id: tutorId, name: review.ratee.name }} size="sm" />
        )}
      </div>
    </article>
  );
}

/** How many reviews the profile shows before "all reviews". */
const LATEST_REVIEWS = 3;

/**
 * The latest reviews on the profile itself (rendered on the server with it, so a reader and a search engine see what
 * students say), with a way to all of them; nothing while loading or when there is none.
 */
export function LatestReviews({ tutorId, onShowAll }: { tutorId: number; onShowAll: () => void }) {
  const { t, format } = useI18n();
  const viewerId = useCurrentUser()?.id;
  const query = useQuery(tutorLatestReviewsQuery(api, tutorId, LATEST_REVIEWS));
  const reviews = query.data?.list ?? [];
  if (reviews.length === 0) return null;
  return (
    <Card title={t('booking.reviews.latest')} level={2}>
      <ul className="flex flex-col gap-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} tutorId={tutorId} viewerId={viewerId} heading="h3" />
          </li>
        ))}
      </ul>
      {(query.data?.total ?? 0) > reviews.length && (
        <Button variant="secondary" className="mt-4" onClick={onShowAll}>
          {t('booking.reviews.all', { count: format.number(query.data?.total ?? 0) })}
        </Button>
      )}
    </Card>
  );
}

/**
 * The reviews tab of /t/{id}: the summary, then each rating with its label and text, latest first; the viewer's
 * own review is marked and may be deleted.
 */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const { t, format, locale } = useI18n();
  // the signed-in student finds their own review marked, and may delete it there
  const viewerId = useCurrentUser()?.id;
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
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} tutorId={tutorId} viewerId={viewerId} heading="h2" />
          </li>
        ))}
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
