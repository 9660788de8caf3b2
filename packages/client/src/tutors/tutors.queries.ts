import { tutorsContract } from '@darsak/domain/tutors';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { type TutorListFilters, tutorsKeys } from './tutors.keys.ts';

/** Spec §9: default page size 10. */
export const TUTOR_LIST_PAGE_SIZE = 10;

/** Active tutors, filtered and sorted, a page at a time until the loaded count reaches the total (spec §7). */
export const tutorListInfiniteQuery = (http: HttpClient, filters: TutorListFilters, size = TUTOR_LIST_PAGE_SIZE) =>
  infiniteQueryOptions({
    // The size is part of the key: pages of one size never follow pages of another.
    queryKey: [...tutorsKeys.list(filters), size],
    queryFn: ({ pageParam, signal }) =>
      http.callRoute(tutorsContract.listOnboarded, { query: { ...filters, page: pageParam, size }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });

/** A tutor's public profile (/t/{id}). */
export const tutorInfoQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: tutorsKeys.info(id),
    queryFn: ({ signal }) => http.callRoute(tutorsContract.info, { params: { id }, signal }),
  });

/** The signed-in tutor's stats (/t/dashboard). */
export const myTutorStatsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: tutorsKeys.tutorStats(),
    queryFn: ({ signal }) => http.callRoute(tutorsContract.statsPersonalized, { signal }),
  });

/** The signed-in student's stats (/s/dashboard). */
export const myStudentStatsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: tutorsKeys.studentStats(),
    queryFn: ({ signal }) => http.callRoute(tutorsContract.studentStatsPersonalized, { signal }),
  });

/** The signed-in tutor's taught and booked minutes. */
export const tutoringMinutesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: tutorsKeys.tutoringMinutes(),
    queryFn: ({ signal }) => http.callRoute(tutorsContract.tutoringMinutes, { signal }),
  });
