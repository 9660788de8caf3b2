import { ratingsContract } from '@darsak/domain/ratings';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const REVIEWS_PAGE_SIZE = 10;

export const ratingsKeys = {
  all: ['ratings'] as const,
  tutor: (tutorId: number) => [...ratingsKeys.all, 'tutor', tutorId] as const,
  byRater: (raterId: number) => [...ratingsKeys.all, 'rater', raterId] as const,
  detail: (id: number) => [...ratingsKeys.all, 'detail', id] as const,
};

/** A tutor's reviews, latest first, with the rating summary; further pages until the total is loaded. */
export const tutorReviewsInfiniteQuery = (http: HttpClient, tutorId: number, size = REVIEWS_PAGE_SIZE) =>
  infiniteQueryOptions({
    // The size is part of the key: pages of one size never follow pages of another.
    queryKey: [...ratingsKeys.tutor(tutorId), size],
    queryFn: ({ pageParam, signal }) =>
      http.callRoute(ratingsContract.listForTutor, {
        params: { id: tutorId },
        query: { page: pageParam, size },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });

/** A tutor's latest reviews, as the profile shows a few of them (one page; the reviews tab has them all). */
export const tutorLatestReviewsQuery = (http: HttpClient, tutorId: number, size: number) =>
  queryOptions({
    queryKey: [...ratingsKeys.tutor(tutorId), 'latest', size],
    queryFn: ({ signal }) =>
      http.callRoute(ratingsContract.listForTutor, { params: { id: tutorId }, query: { page: 1, size }, signal }),
  });

/**
 * The ratings a user gave (100 at most: one per tutor, so a student's own list is short). Used to find the
 * rating of a lesson's tutor to edit.
 */
export const ratingsByRaterQuery = (http: HttpClient, raterId: number) =>
  queryOptions({
    queryKey: ratingsKeys.byRater(raterId),
    queryFn: ({ signal }) =>
      http.callRoute(ratingsContract.listByRater, { params: { id: raterId }, query: { size: 100 }, signal }),
  });
