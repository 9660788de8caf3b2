import { type CacheFlushed, PLATFORM_CACHES } from '@darsak/domain/cache';
import type { InvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import type { SnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export interface CacheDeps {
  db: Db;
  audit: AuditRecorder;
  /** The stores of the tutor list and of the tutors' free-times inputs (shared by every instance with Redis). */
  stores: { tutorList: SnapshotStore; freeTimes: SnapshotStore };
  settings: Pick<SettingsService, 'forget'>;
  /** Tells every instance to forget its in-memory public plan list and topics. */
  bus: Pick<InvalidationBus, 'publish'>;
  realtime: Pick<Realtime, 'toChannel'>;
}

/** The admin's cache flush (spec §7 CACHE): every cache of `PLATFORM_CACHES` is read afresh, on every instance. */
export function createCacheService(deps: CacheDeps) {
  return {
    async flush(actor: AuthUser): Promise<CacheFlushed> {
      // A new generation of every key: each instance's next read rebuilds, as after one tutor's change.
      await deps.stores.tutorList.bumpAll();
      await deps.stores.freeTimes.bumpAll();
      await deps.settings.forget();
      await deps.bus.publish('public-plans');
      await deps.bus.publish('topics');
      const flushed = [...PLATFORM_CACHES];
      await deps.audit.record(deps.db, {
        actorId: actor.id,
        action: 'cache.flush',
        objectId: null,
        after: { flushed },
      });
      // Clients following the tutors channel fetch the list and profiles again.
      deps.realtime.toChannel('tutors', 'tutors:changed', { tutorId: null });
      return { flushed };
    },
  };
}

export type CacheService = ReturnType<typeof createCacheService>;
