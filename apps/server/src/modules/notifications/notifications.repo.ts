import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type NotificationPreferencesRow, notificationPreferences } from './notifications.table.ts';

export async function findPreferences(db: Db, userId: number): Promise<NotificationPreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

/** Writes the user's choices (their row is created on the first). */
export async function savePreferences(
  db: Db,
  userId: number,
  values: Pick<NotificationPreferencesRow, 'chosenAt' | 'updatedAt'> & { mutedKinds?: string[] },
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

/** Writes the push kinds turned on (their row is created on the first), leaving the other choices as they are. */
export async function savePushKinds(db: Db, userId: number, pushKinds: string[], updatedAt: Date): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, pushKinds, updatedAt })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { pushKinds, updatedAt } });
}
