import { usersContract } from '@darsak/domain/users';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const usersKeys = {
  all: ['users'] as const,
  current: () => [...usersKeys.all, 'current'] as const,
  tutorMeta: () => [...usersKeys.all, 'tutor-meta'] as const,
  detail: (id: number) => [...usersKeys.all, 'detail', id] as const,
};

/** The signed-in user (GET /api/v1/user/current). */
export const currentUserQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: usersKeys.current(),
    queryFn: ({ signal }) => http.callRoute(usersContract.current, { signal }),
  });

/** The signed-in tutor's meta (tutors and tutor managers). */
export const tutorMetaQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: usersKeys.tutorMeta(),
    queryFn: ({ signal }) => http.callRoute(usersContract.tutorMeta, { signal }),
  });
