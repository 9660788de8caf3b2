import { z } from 'zod';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';

/**
 * The server's caches an admin can flush (spec §7 CACHE): the tutor list, tutors' free times, the settings, and the
 * public plan list and topics each instance keeps in memory.
 */
export const PLATFORM_CACHES = ['tutorList', 'freeTimes', 'platformSettings', 'planList', 'topics'] as const;
export const PlatformCacheNameSchema = z.enum(PLATFORM_CACHES);
export type PlatformCacheName = z.infer<typeof PlatformCacheNameSchema>;

export const CacheFlushed = z.object({ flushed: z.array(PlatformCacheNameSchema) });
export type CacheFlushed = z.infer<typeof CacheFlushed>;

export const cacheContract = {
  flush: defineRoute({
    method: 'DELETE',
    path: '/api/v1/cache/flush',
    summary: 'Forget the tutor list, free times and settings caches on every instance (admins)',
    tags: ['cache'],
    auth: ROLE_GROUPS.admins,
    response: CacheFlushed,
    errors: [],
  }),
} as const;
