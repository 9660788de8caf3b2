import { publicConfigQuery } from '@darsak/client';
import { readRuntimeConfig } from '@darsak/domain/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The public configuration's query, first answered by the page's runtime configuration. */
export const publicConfig = () => queryOptions({ ...publicConfigQuery(api), initialData: readRuntimeConfig() });

/**
 * The server's public configuration: known from the first render (the page's `/runtime-config.js`), so no
 * integration is chosen before it is (Google's own button against the local stand-in), then kept fresh.
 */
export function usePublicConfig() {
  const query = useQuery(publicConfig());
  return { ...query, googleClientId: query.data?.googleClientId };
}
