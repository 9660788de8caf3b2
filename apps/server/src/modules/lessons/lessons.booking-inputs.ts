import { type FreeTimes, freeTimes, overlaps, type Span, type WeeklySlot } from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE } from '@darsak/domain/common';
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

type FreeTime = FreeTimes['list'][number];

/** A free time as answered, with its instants for filtering: formatted once per entry, not per request. */
interface TutorFreeTime extends Span {
  time: FreeTime;
}

const freeTimeOf = ({ start, end }: Span): TutorFreeTime => ({
  start,
  end,
  time: { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() },
});

/** One request's free times: starts in [from, to), clear of the asking student's held lessons too. */
export interface FreeTimesAsked {
  durationMinutes: number;
  from: number;
  to: number;
  studentHeld: HeldSpan[];
  /** A lesson being moved, whose own time counts as free. */
  freed?: (lesson: HeldSpan) => boolean;
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

  // Derived from an entry, so it lives and dies with it (here and on every instance, whose entries are their own
  // objects); formatting hundreds of instants per request was a fifth of a signed-in free-times request's time.
  const derived = new WeakMap<TutorBookingInputs, Map<number, TutorFreeTime[]>>();

  /** The tutor's own free times of a length over the entry's whole horizon, in time order. */
  function freeTimesOf(inputs: TutorBookingInputs, durationMinutes: number): TutorFreeTime[] {
    const byLength = derived.get(inputs) ?? new Map<number, TutorFreeTime[]>();
    derived.set(inputs, byLength);
    let times = byLength.get(durationMinutes);
    if (!times) {
      const { slots, held: busy, heldFrom: from } = inputs;
      const to = inputs.heldTo - durationMinutes * MS_PER_MINUTE;
      times = [...freeTimes({ slots, busy, durationMinutes, from, to })].map(freeTimeOf);
      byLength.set(durationMinutes, times);
    }
    return times;
  }

  return {
    of: (tutorId: number) => cache.get(tutorId),

    /**
     * The free times asked for, among the tutor's slots: from the entry's own when it covers the range and no
     * lesson is being moved (the starts lie on one grid, so the entry's are the request's, less the student's
     * lessons), else computed from the slots and the tutor's held lessons of the range.
     */
    async freeTimes(tutorId: number, inputs: TutorBookingInputs, asked: FreeTimesAsked): Promise<FreeTime[]> {
      const { durationMinutes, from, to, studentHeld, freed } = asked;
      const end = to + durationMinutes * MS_PER_MINUTE;
      const covered = inputs.heldFrom <= from && end <= inputs.heldTo;
      if (covered && !freed) {
        const times: FreeTime[] = [];
        for (const time of freeTimesOf(inputs, durationMinutes)) {
          if (time.start >= to) break;
          if (time.start >= from && !studentHeld.some((held) => overlaps(held, time))) times.push(time.time);
        }
        return times;
      }
      const tutorHeld = covered
        ? inputs.held
        : heldSpansOf(await repo.heldLessons(db, { tutorIds: [tutorId] }, new Date(from), new Date(end)));
      const busy = [...tutorHeld, ...studentHeld].filter((lesson) => !freed?.(lesson));
      return [...freeTimes({ slots: inputs.slots, busy, durationMinutes, from, to })].map((t) => freeTimeOf(t).time);
    },

    /** Something the tutor's free times depend on changed (after it committed): the next request reads afresh. */
    forget: (tutorId: number) => cache.invalidate(tutorId),

    close: () => cache.close(),
  };
}

export type BookingInputs = ReturnType<typeof createBookingInputs>;

/** A student's current subscription week (instants in ms) and what is left of it. */
export interface StudentWeek {
  startsAt: number;
  endsAt: number;
  remainingMinutes: number;
}

/** What a signed-in student's free times need of the student, whichever tutor they look at. */
export interface StudentBookingInputs {
  /** Null without an active subscription. */
  week: StudentWeek | null;
  /** The student's held lessons overlapping [heldFrom, heldTo); heldFrom is when the entry was read. */
  held: HeldSpan[];
  heldFrom: number;
  heldTo: number;
}

export interface StudentBookingInputsDeps {
  clock: Clock;
  /** The same store as the tutors' entries (a cache flush forgets both), under keys of their own. */
  store: SnapshotStore;
  currentWeek: (studentId: number) => Promise<StudentWeek | null>;
  heldLessons: (studentId: number, from: Date, to: Date) => Promise<repo.HeldLesson[]>;
}

const STUDENT_KEY = 'student:';
const studentKey = (studentId: number) => `${STUDENT_KEY}${studentId}`;

/**
 * The student's side of free times (their week, its minutes left, their held lessons over the next days), cached
 * per student as the tutor's side is, so a student browsing tutors costs the database nothing per request. An
 * entry is forgotten when a lesson of the student is booked, moved, cancelled or changes status, and when their
 * subscription starts or ends (told after commit); it serves only inside the week it was read in, since the week
 * and its minutes turn over with the clock, not with a write. Display only, like the tutor's side: a booking
 * reads and locks the subscription and the lessons again.
 */
export function createStudentBookingInputs(deps: StudentBookingInputsDeps) {
  const { clock } = deps;
  const cache = createKeyedSnapshotCache<string, StudentBookingInputs>({
    store: deps.store,
    ttlMs: BOOKING_INPUTS_TTL_MS,
    build: async (key) => {
      const studentId = Number(key.slice(STUDENT_KEY.length));
      const heldFrom = clock.now().getTime();
      const heldTo = heldFrom + HELD_HORIZON_DAYS * MS_PER_DAY;
      const [week, held] = await Promise.all([
        deps.currentWeek(studentId),
        deps.heldLessons(studentId, new Date(heldFrom), new Date(heldTo)),
      ]);
      return { week, held: heldSpansOf(held), heldFrom, heldTo };
    },
  });

  const forget = (studentId: number) => cache.invalidate(studentKey(studentId));
  // The week read is the one at `now` until it ends; held lessons are checked for cover on each use (`heldOver`).
  const servesAt = ({ week }: StudentBookingInputs, now: number) =>
    week === null || (week.startsAt <= now && now < week.endsAt);

  return {
    async of(studentId: number): Promise<StudentBookingInputs> {
      const inputs = await cache.get(studentKey(studentId));
      if (servesAt(inputs, clock.now().getTime())) return inputs;
      await forget(studentId);
      return cache.get(studentKey(studentId));
    },

    /** The student's held lessons over [from, to): the entry's when it covers the range (the spans outside it overlap
     * no time asked for), else read. */
    async heldOver(studentId: number, inputs: StudentBookingInputs, from: number, to: number): Promise<HeldSpan[]> {
      if (inputs.heldFrom <= from && to <= inputs.heldTo) return inputs.held;
      return heldSpansOf(await deps.heldLessons(studentId, new Date(from), new Date(to)));
    },

    /** The student's lessons or subscription changed (after it committed): the next request reads afresh. */
    forget,
  };
}
