import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { platformSettings } from '../admin/admin.table.ts';

// Key of the advisory lock serialising settings changes (ASCII "PS"), so two admins' patches never interleave.
const SETTINGS_LOCK = 0x5053;

export async function listStoredSettings(db: Db): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
}

/** Serialises settings changes until the transaction ends. */
export async function lockSettings(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK}, 0)`);
}

export async function saveSetting(tx: Db, key: string, value: unknown, updatedBy: number, at: Date): Promise<void> {
  await tx
    .insert(platformSettings)
    .values({ key, value, updatedBy, updatedAt: at })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedBy, updatedAt: at } });
}
