import type { Span, WeeklySlot } from '@darsak/domain/availability';
import { MS_PER_DAY } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { SessionLength } from '@darsak/domain/sessions';
import { createKeyedSnapshotCache, type SnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { BookingTutorRow } from '../tutors/tutors.repo.ts';
import * as repo from './lessons.repo.ts';

/** How far ahead a tutor's held lessons are kept: past a subscription week plus the longest notice period. */
const HELD_HORIZON_DAYS = 15;
/** An entry also ages out, as the tutor list does, whatever was missed (a lesson written by hand, say). */
export const BOOKING_INPUTS_TTL_MS = 60_000;

/** A held lesson as kept in the cache: instants in ms, since an entry goes through JSON. */
export interface HeldSpan extends Span {
  id: number;
  studentId: number;
}

/** What a tutor's free times need of the tutor, whoever asks. */
export interface TutorBookingInputs {
  bookable: boolean;
  noticePeriodMinutes: number;
  lessonLengths: SessionLength[];
  slots: WeeklySlot[];
  /** The tutor's held lessons overlapping [heldFrom, heldTo). */
  held: HeldSpan[];
  heldFrom: number;
  heldTo: number;
}

export interface BookingInputsDeps {
  db: Db;
  clock: Clock;
  /** Where entries live: in memory, or Redis (shared by every instance) when REDIS_URL is set. */
  store: SnapshotStore;
  bookingTutor: (db: Db, tutorId: number) => Promise<BookingTutorRow | undefined>;
  slotsOf: (db: Db, tutorId: number) => Promise<WeeklySlot[]>;
}

export const heldSpansOf = (lessons: repo.HeldLesson[]): HeldSpan[] =>
  lessons.map((l) => ({ id: l.id, studentId: l.studentId, start: l.startsAt.getTime(), end: l.endsAt.getTime() }));

/**
 * The tutor's side of free times (booking facts, weekly slots, held lessons over the next days), cached per tutor
 * with single-flight rebuilds, so a burst of free-times requests costs the database one read per tutor. An entry
 * is forgotten when a lesson of the tutor is booked, moved, cancelled or changes status, and when the tutor or
 * their schedule changes. It is for display only: a booking reads and checks everything again inside its
 * transaction (locked rows, exclusion constraints), so a stale entry can at worst show a time that booking then
 * refuses; it can never let a double booking through.
 */
export function createBookingInputs(deps: BookingInputsDeps) {
  const { db, clock } = deps;
  const cache = createKeyedSnapshotCache<number, TutorBookingInputs>({
    store: deps.store,
    ttlMs: BOOKING_INPUTS_TTL_MS,
    build: async (tutorId) => {
      const heldFrom = clock.now().getTime();
      const heldTo = heldFrom + HELD_HORIZON_DAYS * MS_PER_DAY;
      const tutor = await deps.bookingTutor(db, tutorId);
      if (!tutor) throw new AppError('tutor-not-found');
      const [slots, held] = await Promise.all([
        deps.slotsOf(db, tutorId),
        repo.heldLessons(db, { tutorIds: [tutorId] }, new Date(heldFrom), new Date(heldTo)),
      ]);
      const { bookable, noticePeriodMinutes, lessonLengths } = tutor;
      return { bookable, noticePeriodMinutes, lessonLengths, slots, held: heldSpansOf(held), heldFrom, heldTo };
    },
  });

  return {
    of: (tutorId: number) => cache.get(tutorId),

    /** The tutor's held lessons over [from, to): from the entry when it covers the range, else from the database. */
    async heldBetween(tutorId: number, inputs: TutorBookingInputs, from: number, to: number): Promise<HeldSpan[]> {
      if (inputs.heldFrom <= from && to <= inputs.heldTo) return inputs.held;
      return heldSpansOf(await repo.heldLessons(db, { tutorIds: [tutorId] }, new Date(from), new Date(to)));
    },

    /** Something the tutor's free times depend on changed (after it committed): the next request reads afresh. */
    forget: (tutorId: number) => cache.invalidate(tutorId),

    close: () => cache.close(),
  };
}

export type BookingInputs = ReturnType<typeof createBookingInputs>;
