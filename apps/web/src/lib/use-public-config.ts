import { publicConfigQuery } from '@darsak/client';
import { useQuery } from '@tanstack/react-query';
import { GOOGLE_CLIENT_ID } from '../config/env.ts';
import { api } from './api.ts';

/** The server's public configuration; the Google client id falls back to the build's own setting. */
export function usePublicConfig() {
  const query = useQuery(publicConfigQuery(api));
  return { ...query, googleClientId: query.data?.googleClientId || GOOGLE_CLIENT_ID };
}
