import { cairoDay } from '@darsak/domain/availability';
import { cairoWallTimeToDate, MS_PER_DAY } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { MAX_ACTIVITY_DAYS, type StudentStats, type TutorStats } from '@darsak/domain/tutors';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './lessons.repo.ts';
import type { LessonsService } from './lessons.service.ts';

const DEFAULT_ACTIVITY_DAYS = 30;

const isoDate = (day: { year: number; month: number; day: number }) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

/** The instant a `YYYY-MM-DD` Cairo calendar day begins. */
function startOfDay(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return cairoWallTimeToDate({ year, month, day });
}

/** The lesson-derived figures of the dashboards and stats calls (spec §7 USER stats, LESSON attended/stats). */
export function createLessonFigures(deps: { db: Db; clock: Clock; lessons: Pick<LessonsService, 'currentWeekOf'> }) {
  const { db, clock } = deps;

  return {
    async tutor(tutorId: number): Promise<Omit<TutorStats, 'rating'>> {
      const [figures, income] = await Promise.all([
        repo.memberFigures(db, 'tutor', tutorId),
        repo.tutorIncome(db, tutorId),
      ]);
      return {
        tutorId,
        lessons: figures?.fulfilled ?? 0,
        students: figures?.people ?? 0,
        teachingMinutes: figures?.fulfilledMinutes ?? 0,
        upcomingLessons: figures?.upcoming ?? 0,
        incomePiastres: income,
      };
    },

    async student(studentId: number): Promise<StudentStats> {
      const figures = await repo.memberFigures(db, 'student', studentId);
      const current = await deps.lessons.currentWeekOf(studentId);
      return {
        studentId,
        lessons: {
          fulfilled: figures?.fulfilled ?? 0,
          upcoming: figures?.upcoming ?? 0,
          cancelled: figures?.cancelled ?? 0,
        },
        tutors: figures?.people ?? 0,
        learnedMinutes: figures?.fulfilledMinutes ?? 0,
        weeklyMinutes: current?.subscription.weeklyMinutes ?? 0,
        remainingWeeklyMinutes: current?.remaining ?? 0,
        weekEndsAt: current?.subscription.week.endsAt.toISOString() ?? null,
      };
    },

    /** Fulfilled lessons per Cairo day between two calendar days (inclusive); the last 30 days by default. */
    async activity(tutorId: number, range: { from?: string | undefined; to?: string | undefined }) {
      const now = clock.now();
      const to = range.to ?? isoDate(cairoDay(now));
      const from = range.from ?? isoDate(cairoDay(startOfDay(to), -(DEFAULT_ACTIVITY_DAYS - 1)));
      const [start, end] = [startOfDay(from), cairoWallTimeToDate(cairoDay(startOfDay(to), 1))];
      if (end <= start || end.getTime() - start.getTime() > (MAX_ACTIVITY_DAYS + 1) * MS_PER_DAY) {
        throw new AppError('bad-request', { fields: { to: 'range' } });
      }
      const days = new Map<string, { date: string; lessons: number; minutes: number }>();
      for (const lesson of await repo.fulfilledLessonsBetween(db, tutorId, start, end)) {
        const date = isoDate(cairoDay(lesson.startsAt));
        const day = days.get(date) ?? { date, lessons: 0, minutes: 0 };
        day.lessons += 1;
        day.minutes += lesson.durationMinutes;
        days.set(date, day);
      }
      return { tutorId, from, to, list: [...days.values()] };
    },

    async tutoringMinutes(tutorId: number) {
      const now = clock.now();
      const since = (days: number) => new Date(now.getTime() - days * MS_PER_DAY);
      const minutesSince = async (days: number) =>
        (await repo.fulfilledLessonsBetween(db, tutorId, since(days), now)).reduce(
          (sum, l) => sum + l.durationMinutes,
          0,
        );
      const figures = await repo.memberFigures(db, 'tutor', tutorId);
      return {
        totalMinutes: figures?.fulfilledMinutes ?? 0,
        last7DaysMinutes: await minutesSince(7),
        last30DaysMinutes: await minutesSince(30),
        upcomingMinutes: figures?.upcomingMinutes ?? 0,
      };
    },

    fulfilledCount: (tutorId: number) => repo.fulfilledCount(db, tutorId),
  };
}

export type LessonFigures = ReturnType<typeof createLessonFigures>;
