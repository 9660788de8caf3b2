import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { pushSubscriptions } from './push.table.ts';

export interface DeviceKeys {
  p256dh: string;
  auth: string;
}

/** A device subscribed (again): an endpoint already known moves to this user with its new keys. */
export async function saveSubscription(
  db: Db,
  values: { userId: number; endpoint: string; createdAt: Date } & DeviceKeys,
): Promise<void> {
  const { userId, p256dh, auth } = values;
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } });
}

export async function removeUserSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function removeEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function keysOf(db: Db, endpoint: string): Promise<DeviceKeys | undefined> {
  const [row] = await db
    .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

export async function markDelivered(db: Db, endpoint: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function endpointsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return rows.map((r) => r.endpoint);
}

export async function countOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}
