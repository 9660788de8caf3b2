import { firstFreeTime, slotsMatch, type WeeklySlot } from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE, offsetOf, type Page } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { bookableLessonLengths } from '@darsak/domain/lessons';
import { ratingSummaryOf } from '@darsak/domain/ratings';
import type { SessionLength } from '@darsak/domain/sessions';
import {
  byAverageRating,
  byRecommended,
  type TutorCard,
  type TutorListQuery,
  type TutorProfile,
  type TutorSort,
  type TutorStats,
} from '@darsak/domain/tutors';
import { isAdminRole, Role } from '@darsak/domain/users';
import { keptPerSnapshot } from '../../platform/cache/per-snapshot.ts';
import { createSnapshotCache, type SnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { LessonFigures } from '../lessons/lessons.figures.ts';
import type { HeldLesson } from '../lessons/lessons.repo.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { TutorChanges } from './tutors.changes.ts';
import * as repo from './tutors.repo.ts';

/** The tutor's booking facts for the lessons module (a booking share-locks the row). */
export const bookingTutor = (db: Db, tutorId: number, lock?: 'share') => repo.findBookingTutor(db, tutorId, lock);

/** How far ahead a tutor's next free time is looked for. */
const NEXT_FREE_HORIZON_DAYS = 14;
/** A snapshot also ages out, since free times pass and bookings (which do not invalidate it) take some. */
export const TUTOR_LIST_TTL_MS = 60_000;
/** Bounds the pages kept per snapshot: filters and paging can make many, each asked rarely. */
const MAX_ANSWERS_PER_SNAPSHOT = 500;

/**
 * One tutor of the cached list: the card with every length the tutor teaches, plus what the filters need. The
 * lengths the platform offers are applied when serving, so a settings change shows at once.
 */
interface ListedTutor extends Omit<TutorCard, 'nextFreeAt'> {
  slots: WeeklySlot[];
  /** The first free time of each length the tutor teaches, within the horizon (none while not bookable). */
  nextFree: Array<{ length: SessionLength; at: string | null }>;
}

/** The card a student sees: only the lengths both the tutor and the platform offer, free from the shortest. */
function cardOf({ slots: _slots, nextFree, ...tutor }: ListedTutor, offered: readonly SessionLength[]): TutorCard {
  const lessonLengths = bookableLessonLengths(tutor.lessonLengths, offered);
  const nextFreeAt = nextFree.find((n) => n.length === lessonLengths[0])?.at ?? null;
  return { ...tutor, lessonLengths, nextFreeAt };
}

export interface TutorsDeps {
  db: Db;
  clock: Clock;
  /** Where the tutor list snapshot is kept: in memory, or Redis when REDIS_URL is set. */
  store: SnapshotStore;
  uploadUrl: (name: string) => string;
  slotsOfTutors: (db: Db, tutorIds: number[]) => Promise<Map<number, WeeklySlot[]>>;
  lessons: Pick<LessonsService, 'heldLessonsOfTutors'>;
  figures: Pick<LessonFigures, 'tutor' | 'student' | 'activity' | 'tutoringMinutes' | 'fulfilledCount'>;
  users: Pick<UsersService, 'findById'>;
  realtime: Pick<Realtime, 'toChannel'>;
  settings: Pick<SettingsService, 'current'>;
  /** Changes of a tutor made elsewhere (profile, picture, topics, verification) and here (schedule, rating). */
  changes: TutorChanges;
}

/** Tutor stats and activity are the tutor's own, and staff's who manage tutors. */
const readsTutor = (viewer: AuthUser, tutorId: number) =>
  viewer.id === tutorId || isAdminRole(viewer.role) || viewer.role === Role.tutorManager;

const bySoonest = (a: TutorCard, b: TutorCard) =>
  (a.nextFreeAt ?? '\uffff').localeCompare(b.nextFreeAt ?? '\uffff') || byRecommended(a, b);

const ORDERS: Record<TutorSort, (a: TutorCard, b: TutorCard) => number> = {
  recommended: byRecommended,
  rating: byAverageRating,
  soonest: bySoonest,
};

export function createTutorsService(deps: TutorsDeps) {
  const { db, clock } = deps;

  async function cardsOf(rows: repo.TutorCardRow[]): Promise<ListedTutor[]> {
    const now = clock.now();
    const ids = rows.map((r) => r.id);
    const topics = await repo.topicsOfUsers(db, ids);
    const slots = await deps.slotsOfTutors(db, ids);
    const horizon = new Date(now.getTime() + NEXT_FREE_HORIZON_DAYS * MS_PER_DAY);
    const held = new Map<number, HeldLesson[]>();
    for (const lesson of await deps.lessons.heldLessonsOfTutors(ids, now, horizon)) {
      held.set(lesson.tutorId, [...(held.get(lesson.tutorId) ?? []), lesson]);
    }
    return rows.map((row) => {
      const tutorSlots = slots.get(row.id) ?? [];
      const busy = (held.get(row.id) ?? []).map((l) => ({ start: l.startsAt.getTime(), end: l.endsAt.getTime() }));
      const nextFree = row.bookable
        ? row.lessonLengths.map((length) => {
            const next = firstFreeTime({
              slots: tutorSlots,
              busy,
              durationMinutes: length,
              from: now.getTime() + row.noticePeriodMinutes * MS_PER_MINUTE,
              to: horizon.getTime(),
            });
            return { length, at: next ? new Date(next.start).toISOString() : null };
          })
        : [];
      return {
        id: row.id,
        name: row.name,
        image: row.image ? deps.uploadUrl(row.image) : null,
        gender: row.gender as TutorCard['gender'],
        bio: row.bio,
        topics: topics.filter((t) => t.userId === row.id).map(({ id, nameAr, nameEn }) => ({ id, nameAr, nameEn })),
        rating: ratingSummaryOf(row.ratingSum, row.ratingCount),
        lessonLengths: row.lessonLengths,
        slots: tutorSlots,
        nextFree,
      };
    });
  }

  const list = createSnapshotCache<ListedTutor[]>({
    store: deps.store,
    ttlMs: TUTOR_LIST_TTL_MS,
    build: async () => cardsOf(await repo.listOnboardedTutors(db)),
  });

  /**
   * The pages answered from each snapshot, by offered lengths and query: a page is a function of those three, and
   * most visits ask the same few (issue 14). Forgotten with their snapshot.
   */
  const answered = keptPerSnapshot<Page<TutorCard>>(MAX_ANSWERS_PER_SNAPSHOT);

  deps.changes.subscribe(async (tutorId) => {
    await list.invalidate();
    deps.realtime.toChannel('tutors', 'tutors:changed', { tutorId });
  });

  async function requireTutor(id: number): Promise<repo.TutorCardRow> {
    const row = await repo.findTutorCard(db, id);
    if (!row) throw new AppError('tutor-not-found');
    return row;
  }

  return {
    /**
     * The list's current snapshot, as a token: the same object until the list changes or ages out (server-rendered
     * public pages are kept while it is current).
     */
    listSnapshot: (): Promise<object> => list.get(),

    /** The tutors whose profile page is public (the list's snapshot, so kept current with it). */
    async publicProfileIds(): Promise<number[]> {
      return (await list.get()).map((tutor) => tutor.id);
    },

    /**
     * The public tutor list, served from the cached snapshot: filtered, sorted and paged in memory. A tutor who
     * teaches no length the platform offers is left out, as nothing of theirs could be booked.
     */
    async listOnboarded(query: TutorListQuery): Promise<Page<TutorCard>> {
      const { lessonLengthsOffered } = await deps.settings.current();
      const tutors = await list.get();
      const key = JSON.stringify([lessonLengthsOffered, query]);
      const pages = answered(tutors);
      const known = pages.get(key);
      if (known) return known;
      const matching = tutors
        .filter(
          (tutor) =>
            (query.topicId === undefined || tutor.topics.some((t) => t.id === query.topicId)) &&
            (query.gender === undefined || tutor.gender === query.gender) &&
            ((query.weekday === undefined && query.timeOfDay === undefined) ||
              slotsMatch(tutor.slots, { weekday: query.weekday, timeOfDay: query.timeOfDay })),
        )
        .map((tutor) => cardOf(tutor, lessonLengthsOffered))
        .filter((card) => card.lessonLengths.length > 0);
      matching.sort(ORDERS[query.sort]);
      const page = { total: matching.length, list: matching.slice(offsetOf(query), offsetOf(query) + query.size) };
      pages.set(key, page);
      return page;
    },

    /** A profile: public for onboarded tutors, and for the tutor themself and admins while not yet onboarded. */
    async info(viewer: AuthUser | null, id: number): Promise<TutorProfile> {
      const row = await repo.findTutorCard(db, id);
      const mayPreview = viewer !== null && (viewer.id === id || isAdminRole(viewer.role));
      if (!row || (!row.bookable && !mayPreview)) throw new AppError('tutor-not-found');
      const [listed] = await cardsOf([row]);
      if (!listed) throw new AppError('tutor-not-found');
      // A tutor who teaches no length the platform offers keeps their profile, with no length to book.
      const card = cardOf(listed, (await deps.settings.current()).lessonLengthsOffered);
      return {
        ...card,
        about: row.about,
        video: row.video ? deps.uploadUrl(row.video) : null,
        thumbnail: row.thumbnail ? deps.uploadUrl(row.thumbnail) : null,
        noticePeriodMinutes: row.noticePeriodMinutes,
        lessons: await deps.figures.fulfilledCount(id),
      };
    },

    async stats(viewer: AuthUser, id: number): Promise<TutorStats> {
      if (!readsTutor(viewer, id)) throw new AppError('forbidden');
      const row = await requireTutor(id);
      return { ...(await deps.figures.tutor(id)), rating: ratingSummaryOf(row.ratingSum, row.ratingCount) };
    },

    async studentStats(viewer: AuthUser, id: number) {
      if (viewer.id !== id && !isAdminRole(viewer.role)) throw new AppError('forbidden');
      const user = await deps.users.findById(db, id);
      if (user?.role !== Role.student) throw new AppError('student-not-found');
      return deps.figures.student(id);
    },

    async activity(viewer: AuthUser, id: number, range: { from?: string | undefined; to?: string | undefined }) {
      if (!readsTutor(viewer, id)) throw new AppError('forbidden');
      await requireTutor(id);
      return deps.figures.activity(id, range);
    },

    tutoringMinutes: (actor: AuthUser) => deps.figures.tutoringMinutes(actor.id),

    /** Locks the tutor's row for a schedule change, and reads it. */
    async lockForChange(tx: Db, tutorId: number): Promise<repo.BookingTutorRow> {
      const row = await repo.findBookingTutor(tx, tutorId, 'update');
      if (!row) throw new AppError('tutor-not-found');
      return row;
    },

    async lessonLengthsOf(tutorId: number): Promise<SessionLength[]> {
      const row = await repo.findBookingTutor(db, tutorId);
      if (!row) throw new AppError('tutor-not-found');
      return row.lessonLengths;
    },

    /** Sets the lengths the tutor teaches, inside the schedule change (after lockForChange). */
    setLessonLengths: repo.setLessonLengths,

    async ratingSummary(tutorId: number) {
      const row = await requireTutor(tutorId);
      return ratingSummaryOf(row.ratingSum, row.ratingCount);
    },

    /** A rating changes the tutor's standing, in the rating's transaction. */
    adjustRating: repo.adjustRating,

    /**
     * The tutor, their schedule or their rating changed: every cache of tutors forgets them (the list is rebuilt)
     * and followers of `tutors` are told.
     */
    changed: (tutorId: number) => deps.changes.notify(tutorId),

    close: () => list.close(),
  };
}

export type TutorsService = ReturnType<typeof createTutorsService>;
