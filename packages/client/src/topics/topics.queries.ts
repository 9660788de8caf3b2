import { topicsContract } from '@darsak/domain/topics';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const topicsKeys = {
  all: ['topics'] as const,
  list: () => [...topicsKeys.all, 'list'] as const,
  mine: () => [...topicsKeys.all, 'mine'] as const,
};

/** Every topic (public). */
export const topicsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: topicsKeys.list(),
    queryFn: ({ signal }) => http.callRoute(topicsContract.list, { signal }),
    staleTime: 5 * 60_000,
  });

/** The signed-in user's favourite topics. */
export const myTopicsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: topicsKeys.mine(),
    queryFn: ({ signal }) => http.callRoute(topicsContract.ofUser, { signal }),
  });
