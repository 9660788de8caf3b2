import {
  mergePlatformSettings,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettings,
  type PlatformSettingsPatch,
  type PlatformSettingsView,
  resolvePlatformSettings,
} from '@darsak/domain/settings';
import type { InvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import * as repo from './settings.repo.ts';

/** How long an instance serves the settings it read: short, as a change elsewhere may miss its message. */
export const SETTINGS_CACHE_TTL_MS = 5_000;

export interface SettingsDeps {
  db: Db;
  clock: Pick<Clock, 'now'>;
  audit: AuditRecorder;
  /** Tells every instance that the settings changed (Redis pub/sub when REDIS_URL is set). */
  bus: InvalidationBus;
  /** What an unset setting is; the domain's defaults unless the deployment sets some (the rate limits). */
  defaults?: PlatformSettings;
}

type Key = keyof PlatformSettings;

/** The settings a patch really changes, each with its value before and after. */
function changesOf(before: PlatformSettings, after: PlatformSettings) {
  const keys = (Object.keys(after) as Key[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const pick = (from: PlatformSettings) => Object.fromEntries(keys.map((k) => [k, from[k]]));
  return { keys, before: pick(before), after: pick(after) };
}

/**
 * Platform settings (DESIGN §4 "policies are settings"): the stored values over the defaults, read through this
 * one service. Each instance keeps them for a few seconds, and forgets them at once when an admin changes one on
 * any instance.
 */
export function createSettingsService(deps: SettingsDeps) {
  const defaults = deps.defaults ?? PLATFORM_SETTINGS_DEFAULTS;
  let cached: { value: PlatformSettings; expiresAt: number } | undefined;
  // A read that started before a change must not cache what it read.
  let generation = 0;
  const forget = () => {
    generation += 1;
    cached = undefined;
  };
  deps.bus.subscribe('platform-settings', forget);

  async function load(db: Db): Promise<PlatformSettings> {
    const rows = await repo.listStoredSettings(db);
    return resolvePlatformSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])), defaults);
  }

  async function current(tx: Db = deps.db): Promise<PlatformSettings> {
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const started = generation;
    const value = await load(tx);
    if (started === generation) cached = { value, expiresAt: Date.now() + SETTINGS_CACHE_TTL_MS };
    return value;
  }

  const view = (values: PlatformSettings): PlatformSettingsView => ({ values, defaults });

  return {
    /** A miss reads with the caller's transaction when given, so a rule and its setting see the same moment. */
    current,

    view: async () => view(await current()),

    /** An admin's change: only the settings that differ are written, each change audited (before → after). */
    async update(actor: AuthUser, patch: PlatformSettingsPatch): Promise<PlatformSettingsView> {
      const after = await deps.db.transaction(async (tx) => {
        await repo.lockSettings(tx);
        const before = await load(tx);
        const merged = mergePlatformSettings(before, patch);
        const changes = changesOf(before, merged);
        if (changes.keys.length === 0) return merged;
        const at = deps.clock.now();
        for (const key of changes.keys) await repo.saveSetting(tx, key, merged[key], actor.id, at);
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'settings.update',
          objectId: null,
          before: changes.before,
          after: changes.after,
        });
        return merged;
      });
      await deps.bus.publish('platform-settings');
      return view(after);
    },

    /** Forgets the cached settings on every instance (the cache flush). */
    forget: () => deps.bus.publish('platform-settings'),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
