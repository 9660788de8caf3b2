import type { WeeklySlot } from '@darsak/domain/availability';
import { MS_PER_DAY, offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { CallEvent, LessonListQuery, LessonView } from '@darsak/domain/lessons';
import type { SessionStatus } from '@darsak/domain/sessions';
import { isAdminRole, Role } from '@darsak/domain/users';
import type { SnapshotStore } from '../../platform/cache/snapshot-cache.ts';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Metrics } from '../../platform/metrics/metrics.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { TutorChanges } from '../tutors/tutors.changes.ts';
import type { BookingTutorRow } from '../tutors/tutors.repo.ts';
import type { UsersService } from '../users/users.service.ts';
import { createLessonBooking } from './lessons.booking.ts';
import { calendarToken, calendarUserOf, lessonsCalendar } from './lessons.calendar.ts';
import { createLessonLifecycle } from './lessons.lifecycle.ts';
import type { LessonViewRow } from './lessons.repo.ts';
import * as repo from './lessons.repo.ts';
import { createLessonsShared } from './lessons.shared.ts';

export interface LessonsDeps {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'current'>;
  users: Pick<UsersService, 'findById'>;
  /** The student's subscription week and its remaining minutes (locked inside a booking). */
  subscriptions: Pick<SubscriptionsService, 'lockActiveForStudent' | 'currentWeek' | 'remainingWeeklyMinutes'>;
  /** The tutor's booking facts (tutors module), share-locked inside a booking. */
  bookingTutor: (db: Db, tutorId: number, lock?: 'share') => Promise<BookingTutorRow | undefined>;
  /** The tutor's weekly slots (availability module). */
  slotsOf: (db: Db, tutorId: number) => Promise<WeeklySlot[]>;
  /** The events of the lesson's live room, oldest first (sessions module): its minutes are measured from them. */
  callEvents: (db: Db, lessonId: number) => Promise<CallEvent[]>;
  /** Writes a lesson's outcome on its live session, if it has one (sessions module), in the caller's transaction. */
  settleCall: (tx: Db, lessonId: number, status: SessionStatus, endedAt: Date) => Promise<void>;
  /** Where the tutors' free-times inputs are cached: in memory, or Redis when REDIS_URL is set. */
  bookingInputsStore: SnapshotStore;
  /** A changed tutor or schedule (tutors module) makes their cached free-times inputs stale. */
  tutorChanges: Pick<TutorChanges, 'subscribe'>;
  /** A student's subscription started or ended (subscriptions, payments): their cached week is stale. */
  subscriptionChanges: Pick<Changes, 'subscribe'>;
  queue: Pick<JobQueue, 'send'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  realtime: Pick<Realtime, 'toUser'>;
  /** Bookings and tutors' no-shows are counted as they commit. */
  metrics: Pick<Metrics, 'lessonBooked' | 'tutorNoShow'>;
  uploadUrl: (name: string) => string;
  /** Signs the calendar links (links of the previous secret still open); the feed is under the app's public URL. */
  calendar: { secret: string; previousSecret?: string | undefined; appUrl: string };
}

const CALENDAR_PAST_DAYS = 30;

/**
 * The lessons service as routes, jobs and other modules see it: booking (lessons.booking.ts) and the lesson's
 * lifecycle (lessons.lifecycle.ts) composed, with the reads of a member's lessons and what other modules ask of them.
 */
export function createLessonsService(deps: LessonsDeps) {
  const { db, clock } = deps;
  const lessonPages = repo.lessonPagesQuery(db);
  const shared = createLessonsShared(deps);
  const { toView, viewOf } = shared;
  const lifecycle = createLessonLifecycle(deps, shared);

  return {
    ...createLessonBooking(deps, shared, lifecycle),
    ...lifecycle,

    /** Rows of the staff's queries (lessons.staff.ts), shaped as everyone sees a lesson. */
    async viewsOf(rows: LessonViewRow[]): Promise<LessonView[]> {
      const settings = await deps.settings.current();
      return rows.map((row) => toView(row, settings));
    },

    async get(actor: AuthUser, id: number): Promise<LessonView> {
      const view = await viewOf(id);
      const members = [view.student.id, view.tutor.id];
      if (!members.includes(actor.id) && !isAdminRole(actor.role)) throw new AppError('forbidden');
      return view;
    },

    async list(actor: AuthUser, query: LessonListQuery) {
      const admin = isAdminRole(actor.role);
      if (query.userId !== undefined && query.userId !== actor.id && !admin) throw new AppError('forbidden');
      const { rows, total } = await lessonPages({
        memberId: admin ? query.userId : actor.id,
        when: query.when,
        status: query.status,
        limit: query.size,
        offset: offsetOf(query),
      });
      const settings = await deps.settings.current();
      return { total, list: rows.map((row) => toView(row, settings)) };
    },

    async attendedStats(actor: AuthUser) {
      const figures = await repo.memberFigures(db, actor.role === Role.student ? 'student' : 'tutor', actor.id);
      return {
        lessons: figures?.fulfilled ?? 0,
        minutes: figures?.fulfilledMinutes ?? 0,
        people: figures?.people ?? 0,
        lastLessonAt: figures?.lastFulfilledAt?.toISOString() ?? null,
      };
    },

    /** The caller's private ICS link: paste it into Google Calendar ("From URL") or Outlook ("Subscribe"). */
    calendarLink(actor: AuthUser) {
      const base = deps.calendar.appUrl.replace(/\/+$/, '');
      const url = `${base}/api/v1/lesson/calendar/${calendarToken(deps.calendar.secret, actor.id)}.ics`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
    },

    async calendarFeed(token: string): Promise<string> {
      const { secret, previousSecret } = deps.calendar;
      const userId =
        calendarUserOf(secret, token) ?? (previousSecret ? calendarUserOf(previousSecret, token) : undefined);
      if (userId === undefined) throw new AppError('forbidden');
      const now = clock.now();
      const rows = await repo.calendarLessonViews(
        db,
        userId,
        new Date(now.getTime() - CALENDAR_PAST_DAYS * MS_PER_DAY),
      );
      const settings = await deps.settings.current();
      const lessons = rows.map((row) => toView(row, settings));
      return lessonsCalendar({ lessons, viewerId: userId, appUrl: deps.calendar.appUrl, now });
    },

    // ---- for other modules ----

    /** The tutor's held lessons that have not ended (a schedule change must keep them inside the slots). */
    heldLessonsOfTutor: (tx: Db, tutorId: number, now: Date) => repo.heldLessons(tx, { tutorIds: [tutorId] }, now),

    heldLessonsOfTutors: (tutorIds: number[], from: Date, to: Date) => repo.heldLessons(db, { tutorIds }, from, to),
    /** The same inside the caller's transaction (an interviewer who also teaches is busy during their lessons). */
    heldLessonsIn: (tx: Db, tutorIds: number[], from: Date, to: Date) => repo.heldLessons(tx, { tutorIds }, from, to),

    /** The student's current week and its remaining minutes (null without a subscription), for the stats. */
    currentWeekOf: shared.currentWeekOf,

    /** Lessons by id as their student sees them (the lessons a subscription's pause falls on). */
    viewsOfIds: (ids: number[]): Promise<LessonView[]> => Promise.all(ids.map((id) => viewOf(id))),

    /** The lesson a rating is given after, read in the rating's transaction. */
    lessonForRating: (tx: Db, lessonId: number) => repo.findLesson(tx, lessonId),

    close: () => shared.bookingInputs.close(),
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
