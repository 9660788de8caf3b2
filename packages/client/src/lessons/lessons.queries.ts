import { lessonsContract } from '@darsak/domain/lessons';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { type LessonListFilter, lessonsKeys } from './lessons.keys.ts';

/** One page of the caller's lessons (upcoming: soonest first; past: latest first). */
export const lessonsQuery = (http: HttpClient, filter: LessonListFilter = {}, page = 1) =>
  queryOptions({
    queryKey: [...lessonsKeys.list(filter), page] as const,
    queryFn: ({ signal }) => http.callRoute(lessonsContract.list, { query: { ...filter, page }, signal }),
  });

/** The caller's lessons, a page at a time until the loaded count reaches the total. */
export const lessonsInfiniteQuery = (http: HttpClient, filter: LessonListFilter = {}) =>
  infiniteQueryOptions({
    queryKey: lessonsKeys.infinite(filter),
    queryFn: ({ pageParam, signal }) =>
      http.callRoute(lessonsContract.list, { query: { ...filter, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });

export const lessonQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: lessonsKeys.detail(id),
    queryFn: ({ signal }) => http.callRoute(lessonsContract.get, { params: { id }, signal }),
  });

/** The caller's fulfilled lessons: count, minutes, people met. */
export const attendedStatsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: lessonsKeys.attendedStats(),
    queryFn: ({ signal }) => http.callRoute(lessonsContract.attendedStats, { signal }),
  });

/** The caller's private ICS subscription link. */
export const calendarLinkQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: lessonsKeys.calendarLink(),
    queryFn: ({ signal }) => http.callRoute(lessonsContract.calendarLink, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
