import { tutorListInfiniteQuery } from '@darsak/client';
import { Button, EmptyState, LoadingAnimation, PageSizeSelect, Spinner, UsersIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { useListPaging } from '../../../lib/page-size.ts';
import { useTutorFilters } from '../hooks/use-tutor-filters.ts';
import { TutorCard } from './tutor-card.tsx';
import { TutorFilters } from './tutor-filters.tsx';

/**
 * Calls `onVisible` when the element scrolls into view (where the browser can tell). `round` changes after each
 * load, so an element still in view asks again (an observer only reports changes after its first report).
 */
function useWhenVisible(onVisible: () => void, enabled: boolean, round: number) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` re-arms the observer after each load
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, round]);
  return ref;
}

/**
 * /tutors: the filters and the list of active tutors. Further pages load as the end of the list comes into
 * view (or with the button) until the loaded count reaches the total.
 */
export function TutorList() {
  const { t, format } = useI18n();
  const tutorFilters = useTutorFilters();
  const paging = useListPaging('tutors');
  const list = useInfiniteQuery(tutorListInfiniteQuery(api, tutorFilters.query, paging.size));
  const tutors = list.data?.pages.flatMap((page) => page.list) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  const { isFetchNextPageError, error, fetchNextPage } = list;
  const sentinel = useWhenVisible(
    () => {
      if (canLoadMore) void list.fetchNextPage();
    },
    canLoadMore,
    list.data?.pages.length ?? 0,
  );

  return (
    <div className="flex flex-col gap-6">
      <TutorFilters {...tutorFilters} />
      {list.isPending ? (
        <LoadingAnimation label={t('booking.tutors.loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : tutors.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={t(tutorFilters.active ? 'booking.tutors.emptyFiltered' : 'booking.tutors.empty')}
          description={t(tutorFilters.active ? 'booking.tutors.emptyFilteredBody' : 'booking.tutors.emptyBody')}
          action={
            tutorFilters.active && (
              <Button variant="secondary" onClick={tutorFilters.clear}>
                {t('booking.tutors.clearFilters')}
              </Button>
            )
          }
        />
      ) : (
        <section aria-labelledby="tutor-count" className="flex flex-col gap-4">
          <p id="tutor-count" role="status" className="text-sm font-semibold text-muted">
            {t('booking.tutors.count', { shown: format.number(tutors.length), count: total })}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {/* A card off screen is not styled or laid out until it scrolls near: the first layout of a rendered
                page of ten cards was the longest task of its load on a phone. */}
            {tutors.map((tutor) => (
              <li key={tutor.id} className="[contain-intrinsic-size:auto_20rem] [content-visibility:auto]">
                <TutorCard tutor={tutor} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="flex flex-col items-center gap-3 py-2">
            {isFetchNextPageError && <LoadError error={error} onRetry={() => void fetchNextPage()} />}
            {list.isFetchingNextPage && <Spinner label={t('booking.tutors.loadingMore')} />}
            {list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError && (
              <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
                {t('booking.tutors.loadMore')}
              </Button>
            )}
            <PageSizeSelect value={paging.size} onChange={paging.setSize} />
          </div>
        </section>
      )}
    </div>
  );
}
