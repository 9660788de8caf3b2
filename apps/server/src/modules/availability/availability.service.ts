import {
  addsHours,
  isInsideSlots,
  type ReplaceSlotsInput,
  sortedLessonLengths,
  type WeeklySlot,
} from '@darsak/domain/availability';
import { AppError } from '@darsak/domain/errors';
import type { SessionLength } from '@darsak/domain/sessions';
import { isTutorLike, Role } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { OnboardingService } from '../onboarding/onboarding.service.ts';
import type { TutorsService } from '../tutors/tutors.service.ts';
import * as repo from './availability.repo.ts';

/** Weekly slots of several tutors, by tutor (for booking and the tutor list). */
export async function slotsOfTutors(db: Db, tutorIds: number[]): Promise<Map<number, WeeklySlot[]>> {
  const byTutor = new Map<number, WeeklySlot[]>(tutorIds.map((id) => [id, []]));
  for (const { tutorId, weekday, startMinute, endMinute } of await repo.listSlots(db, tutorIds)) {
    byTutor.get(tutorId)?.push({ weekday, startMinute, endMinute });
  }
  return byTutor;
}

export const slotsOf = async (db: Db, tutorId: number): Promise<WeeklySlot[]> =>
  (await slotsOfTutors(db, [tutorId])).get(tutorId) ?? [];

export interface AvailabilityDeps {
  db: Db;
  clock: Clock;
  lessons: Pick<LessonsService, 'heldLessonsOfTutor'>;
  tutors: Pick<TutorsService, 'lockForChange' | 'changed' | 'lessonLengthsOf' | 'setLessonLengths'>;
  /** A tutor manager's week is their interview hours: applicants waiting for times hear when hours are added. */
  onboarding: Pick<OnboardingService, 'interviewHoursAdded'>;
}

const toList = (rows: repo.SlotRow[], lessonLengths: SessionLength[]) => ({
  total: rows.length,
  list: rows.map(({ id, weekday, startMinute, endMinute }) => ({ id, weekday, startMinute, endMinute })),
  lessonLengths,
});

export function createAvailabilityService(deps: AvailabilityDeps) {
  const { db, clock } = deps;

  return {
    async list(viewer: AuthUser | null, tutorId: number | undefined) {
      const id = tutorId ?? (viewer && isTutorLike(viewer.role) ? viewer.id : undefined);
      if (id === undefined) throw new AppError('bad-request', { fields: { tutorId: 'required' } });
      const lessonLengths = await deps.tutors.lessonLengthsOf(id);
      return toList(await repo.listSlots(db, [id]), lessonLengths);
    },

    /**
     * Replaces the tutor's week, and the lesson lengths they teach when given. Booked lessons must still fit: a
     * change that would leave one outside the new slots is refused with the list of those lessons, so the tutor
     * can cancel them first or keep the time. Dropping a length is always allowed: booked lessons of that length
     * stay as they are, only new bookings and moves are refused (`lesson-length-unavailable`).
     */
    async replace(actor: AuthUser, input: ReplaceSlotsInput) {
      let added = false;
      const saved = await db.transaction(async (tx) => {
        const tutor = await deps.tutors.lockForChange(tx, actor.id);
        added = addsHours(await repo.listSlots(tx, [actor.id]), input.slots);
        const held = await deps.lessons.heldLessonsOfTutor(tx, actor.id, clock.now());
        const orphaned = held.filter(
          (l) => !isInsideSlots(input.slots, { start: l.startsAt.getTime(), end: l.endsAt.getTime() }),
        );
        if (orphaned.length > 0) {
          throw new AppError('conflicting-schedule', {
            lessons: orphaned.map((l) => ({
              id: l.id,
              studentId: l.studentId,
              startsAt: l.startsAt.toISOString(),
              endsAt: l.endsAt.toISOString(),
            })),
          });
        }
        const lessonLengths = input.lessonLengths ? sortedLessonLengths(input.lessonLengths) : tutor.lessonLengths;
        if (input.lessonLengths) await deps.tutors.setLessonLengths(tx, actor.id, lessonLengths);
        return toList(await repo.replaceSlots(tx, actor.id, input.slots), lessonLengths);
      });
      await deps.tutors.changed(actor.id);
      if (added && actor.role === Role.tutorManager) await deps.onboarding.interviewHoursAdded(actor.id);
      return saved;
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
