import { type PlatformSettings, resolvePlatformSettings } from '@darsak/domain/settings';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './settings.repo.ts';

/** Platform settings (DESIGN §4 "policies are settings"): the stored values over the defaults. */
export function createSettingsService(deps: { db: Db }) {
  return {
    /** Read with the caller's transaction when given, so a rule and its setting see the same moment. */
    async current(tx: Db = deps.db): Promise<PlatformSettings> {
      const rows = await repo.listStoredSettings(tx);
      return resolvePlatformSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
