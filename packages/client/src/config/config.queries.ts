import { configContract } from '@darsak/domain/config';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';

export const configKeys = { all: ['config'] as const };

/** The server's public configuration (sign-in options, support links); it does not change while a page lives. */
export const publicConfigQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => http.callRoute(configContract.get, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
