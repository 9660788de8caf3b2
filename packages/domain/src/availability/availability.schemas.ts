import { z } from 'zod';
import { MINUTES_PER_DAY } from '../common/time.ts';
import { WeekdaySchema } from '../lessons/lessons.schemas.ts';
import { SESSION_LENGTHS, type SessionLength } from '../sessions/sessions.enums.ts';
import { SessionLengthSchema } from '../sessions/sessions.schemas.ts';

/** Schedules and lesson starts sit on a quarter-hour grid (Cairo offsets are whole hours, so UTC agrees). */
export const SLOT_STEP_MINUTES = 15;
/** A day cut into quarter hours, every day of the week: more spans than that cannot be disjoint. */
export const MAX_WEEKLY_SLOTS = 7 * (MINUTES_PER_DAY / SLOT_STEP_MINUTES);

const SlotMinute = z
  .number()
  .int('slot-step')
  .min(0, 'slot-step')
  .max(MINUTES_PER_DAY, 'slot-step')
  .multipleOf(SLOT_STEP_MINUTES, 'slot-step');

/** One free span of a weekday in Cairo wall time, minutes from midnight (1440 = the day's end). */
export const WeeklySlotInput = z
  .strictObject({ weekday: WeekdaySchema, startMinute: SlotMinute, endMinute: SlotMinute })
  .refine((slot) => slot.startMinute < slot.endMinute, { message: 'slot-range', path: ['endMinute'] });
export type WeeklySlot = z.infer<typeof WeeklySlotInput>;

/** Spans of one weekday that share a minute; touching spans (10:00–11:00, 11:00–12:00) are fine. */
export function overlappingSlotIndexes(slots: readonly WeeklySlot[]): number[] {
  const order = slots.map((slot, index) => ({ slot, index }));
  order.sort((a, b) => a.slot.weekday - b.slot.weekday || a.slot.startMinute - b.slot.startMinute);
  const overlapping: number[] = [];
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1];
    const current = order[i];
    if (!previous || !current) continue;
    if (previous.slot.weekday === current.slot.weekday && current.slot.startMinute < previous.slot.endMinute) {
      overlapping.push(current.index);
    }
  }
  return overlapping.sort((a, b) => a - b);
}

/** The lesson lengths a tutor teaches: at least one, each once, in any order. */
export const LessonLengthsInput = z
  .array(SessionLengthSchema)
  .min(1, 'lesson-lengths-required')
  .refine((lengths) => new Set(lengths).size === lengths.length, 'lesson-lengths-duplicate');

/** Ascending, as the database keeps them (its check accepts exactly {15}, {30} and {15,30}). */
export const sortedLessonLengths = (lengths: readonly SessionLength[]): SessionLength[] =>
  SESSION_LENGTHS.filter((length) => lengths.includes(length));

/**
 * A tutor's whole weekly schedule; saving it replaces the previous one. `lessonLengths` is optional so clients
 * that predate it keep working: left out, the tutor's lengths stay as they are (new tutors teach both).
 */
export const ReplaceSlotsInput = z
  .strictObject({ slots: z.array(WeeklySlotInput).max(MAX_WEEKLY_SLOTS), lessonLengths: LessonLengthsInput.optional() })
  .superRefine(({ slots }, ctx) => {
    for (const index of overlappingSlotIndexes(slots)) {
      ctx.addIssue({ code: 'custom', message: 'slot-overlap', path: ['slots', index] });
    }
  });
export type ReplaceSlotsInput = z.infer<typeof ReplaceSlotsInput>;

export const WeeklySlotSchema = z.object({
  id: z.number().int(),
  weekday: z.number().int(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
});
export type WeeklySlotView = z.infer<typeof WeeklySlotSchema>;
