import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { type Asset, assets, type NewAsset } from './assets.table.ts';

export async function insertAsset(db: Db, values: NewAsset): Promise<number> {
  const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
  if (!row) throw new Error('asset insert returned nothing');
  return row.id;
}

/** A stored file that has not been retired. */
export async function findLiveAsset(db: Db, bucket: Asset['bucket'], name: string): Promise<Asset | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.bucket, bucket), eq(assets.name, name), isNull(assets.deletedAt)))
    .limit(1);
  return row;
}

/** Marks an owner's file as no longer in use; answers whether there was such a live file. */
export async function retireAsset(db: Db, bucket: Asset['bucket'], name: string, ownerId: number): Promise<boolean> {
  const rows = await db
    .update(assets)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(assets.bucket, bucket), eq(assets.name, name), eq(assets.ownerId, ownerId), isNull(assets.deletedAt)))
    .returning({ id: assets.id });
  return rows.length > 0;
}
