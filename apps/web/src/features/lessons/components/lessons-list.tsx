import { lessonsInfiniteQuery } from '@darsak/client';
import { BookIcon, Button, buttonClasses, EmptyState, LoadingAnimation, PageSizeSelect, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { LessonCard } from './lesson-card.tsx';

/**
 * The viewer's upcoming (soonest first) or past (latest first) lessons. In full, it loads further pages until
 * the total; `limit` shows the first few only, with a link to see them all.
 */
export function LessonsList({
  when,
  viewerId,
  limit,
  emptyAction,
  allHref = paths.upcomingLessons.href(),
}: {
  when: 'upcoming' | 'past';
  viewerId: number;
  limit?: number;
  emptyAction?: ReactNode;
  allHref?: string;
}) {
  const { t, format } = useI18n();
  const paging = useListPaging(`lessons.${when}`);
  const query = useInfiniteQuery(lessonsInfiniteQuery(api, { when, size: limit ?? paging.size }));
  if (query.isPending) return <LoadingAnimation className="min-h-0 py-8" label={t('booking.lessons.loading')} />;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const lessons = query.data?.pages.flatMap((page) => page.list) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  if (lessons.length === 0) {
    return (
      <EmptyState
        level={3}
        icon={<BookIcon />}
        title={t(when === 'upcoming' ? 'booking.lessons.emptyUpcoming' : 'booking.lessons.emptyPast')}
        action={emptyAction}
        className="py-8"
      />
    );
  }
  const shown = limit ? lessons.slice(0, limit) : lessons;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {shown.map((lesson) => (
          <li key={lesson.id}>
            <LessonCard lesson={lesson} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm text-muted" role="status">
          {t('booking.lessons.count', { shown: format.number(shown.length), total: format.number(total) })}
        </p>
        {limit && total > shown.length && (
          <Link to={allHref} className={buttonClasses({ variant: 'link', size: 'sm' })}>
            {t('booking.lessons.seeAll')}
          </Link>
        )}
        {!limit && query.isFetchNextPageError && (
          <LoadError error={query.error} onRetry={() => void query.fetchNextPage()} />
        )}
        {!limit && query.isFetchingNextPage && <Spinner label={t('booking.tutors.loadingMore')} />}
        {!limit && query.hasNextPage && !query.isFetchingNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
            {t('booking.lessons.loadMore')}
          </Button>
        )}
        {!limit && <PageSizeSelect value={paging.size} onChange={paging.setSize} />}
      </div>
    </div>
  );
}
