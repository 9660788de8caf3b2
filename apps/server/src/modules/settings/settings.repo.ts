import type { Db } from '../../platform/db/client.ts';
import { platformSettings } from '../admin/admin.table.ts';

export async function listStoredSettings(db: Db): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
}
