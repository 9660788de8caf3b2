import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http.ts';
import { loadFrameContracts } from '../load-frame-contracts.ts';

export const configKeys = { all: ['config'] as const };

/** The server's public configuration (sign-in options, support links); it does not change while a page lives. */
export const publicConfigQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: async ({ signal }) => http.callRoute((await loadFrameContracts()).configContract.get, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
