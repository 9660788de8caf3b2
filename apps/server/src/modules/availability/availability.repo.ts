import type { WeeklySlot } from '@darsak/domain/availability';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { availabilitySlots } from './availability.table.ts';

const slotFields = {
  id: availabilitySlots.id,
  tutorId: availabilitySlots.tutorId,
  weekday: availabilitySlots.weekday,
  startMinute: availabilitySlots.startMinute,
  endMinute: availabilitySlots.endMinute,
};
export type SlotRow = WeeklySlot & { id: number; tutorId: number };

const order = [asc(availabilitySlots.weekday), asc(availabilitySlots.startMinute)];

export async function listSlots(db: Db, tutorIds: number[]): Promise<SlotRow[]> {
  if (tutorIds.length === 0) return [];
  return db
    .select(slotFields)
    .from(availabilitySlots)
    .where(inArray(availabilitySlots.tutorId, tutorIds))
    .orderBy(asc(availabilitySlots.tutorId), ...order);
}

export async function replaceSlots(tx: Db, tutorId: number, slots: readonly WeeklySlot[]): Promise<SlotRow[]> {
  await tx.delete(availabilitySlots).where(eq(availabilitySlots.tutorId, tutorId));
  if (slots.length === 0) return [];
  const rows = await tx
    .insert(availabilitySlots)
    .values(slots.map((slot) => ({ tutorId, ...slot })))
    .returning(slotFields);
  return rows.sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
}
