import { cairoDay, slotSpansBetween, type WeeklySlot } from '@darsak/domain/availability';
import { cairoWallTimeToDate, MS_PER_MINUTE } from '@darsak/domain/common';
import { currentStep, ONBOARDING_STEPS, type OnboardingFacts, onboardingSteps } from '@darsak/domain/interviews';
import { type Overview, SUPPLY_RANGES } from '@darsak/domain/overview';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Range } from './overview.repo.ts';
import * as repo from './overview.repo.ts';

const CHART_DAYS = 30;
/** Cairo's week starts on Saturday (weekday 6). */
const daysSinceSaturday = (weekday: number) => (weekday + 1) % 7;

/** The Cairo calendar around `now`: day starts, the named ranges and the chart's day boundaries. */
function calendarOf(now: Date) {
  const today = cairoDay(now);
  const dayStart = (offset: number) => cairoWallTimeToDate(cairoDay(now, offset));
  const tomorrow = dayStart(1);
  const todayRange = { from: dayStart(0), to: tomorrow };
  return {
    periods: {
      today: todayRange,
      week: { from: dayStart(-daysSinceSaturday(today.weekday)), to: tomorrow },
      month: { from: cairoWallTimeToDate({ year: today.year, month: today.month, day: 1 }), to: tomorrow },
    },
    supply: {
      today: todayRange,
      tomorrow: { from: tomorrow, to: dayStart(2) },
      next7Days: { from: dayStart(0), to: dayStart(7) },
    } satisfies Record<(typeof SUPPLY_RANGES)[number], Range>,
    chartBounds: Array.from({ length: CHART_DAYS + 1 }, (_, i) => dayStart(i - CHART_DAYS + 1)),
    chartDays: Array.from({ length: CHART_DAYS }, (_, i) => {
      const d = cairoDay(now, i - CHART_DAYS + 1);
      return new Date(Date.UTC(d.year, d.month - 1, d.day)).toISOString().slice(0, 10);
    }),
  };
}

/** Open teaching minutes of the tutors' weekly slots inside a range (wall-clock slots, daylight saving kept). */
function openMinutes(slotsByTutor: Map<number, WeeklySlot[]>, range: Range): number {
  const [from, to] = [range.from.getTime(), range.to.getTime()];
  let ms = 0;
  for (const slots of slotsByTutor.values()) {
    for (const span of slotSpansBetween(slots, from, to))
      ms += Math.max(0, Math.min(span.end, to) - Math.max(span.start, from));
  }
  return Math.round(ms / MS_PER_MINUTE);
}

type JsonRow = Record<string, string | number | null> | null;
const date = (value: string | number | null | undefined) => (value == null ? null : new Date(value));

/** An applicant's facts from the JSON of their newest rows (see `applicantFacts`). */
function factsOf(row: Awaited<ReturnType<typeof repo.applicantFacts>>[number]): OnboardingFacts {
  const appointment = (r: JsonRow) =>
    r
      ? {
          id: Number(r.id),
          status: Number(r.status),
          startsAt: new Date(r.startsAt as string),
          decidedAt: date(r.decidedAt),
        }
      : undefined;
  const video = row.introVideo;
  const photo = row.photoSession;
  return {
    profileComplete: row.profileComplete,
    activated: false,
    bypassOnboarding: false,
    introVideo: video
      ? {
          status: video.status as 'pending' | 'rejected' | 'accepted',
          createdAt: new Date(video.createdAt as string),
          reviewedAt: date(video.reviewedAt),
        }
      : undefined,
    interview: appointment(row.interview),
    demoSession: appointment(row.demoSession),
    photoSession: photo
      ? { status: photo.status as 'pending' | 'scheduled' | 'done' | 'cancelled', completedAt: date(photo.completedAt) }
      : undefined,
  };
}

/** The operator's morning view (admin "/"): a few aggregate queries, folded here. */
export function createOverviewService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async get(): Promise<Overview> {
      const now = clock.now();
      const cal = calendarOf(now);
      const [money, netByDay, heldByDay, counts, booked, slots, plans, students, applicants, withdrawals] =
        await Promise.all([
          repo.revenue(db, cal.periods),
          repo.dailyNetRevenue(db, cal.chartBounds),
          repo.dailyLessonsHeld(db, cal.chartBounds),
          repo.lessonCounts(db, { today: cal.periods.today, week: cal.periods.week }),
          repo.bookedMinutes(db, cal.supply),
          repo.bookableTutorSlots(db),
          repo.activeSubscriptionsByPlan(db),
          repo.newStudents(db, { today: cal.periods.today, week: cal.periods.week }),
          repo.applicantFacts(db),
          repo.waitingWithdrawals(db),
        ]);
      const revenueOf = (key: string) => {
        const paid = money[`${key}Paid`] ?? 0;
        const refunded = money[`${key}Refunded`] ?? 0;
        return { paidPiastres: paid, refundedPiastres: refunded, netPiastres: paid - refunded };
      };
      const lessonsOf = (key: string) => ({
        booked: counts[`${key}Booked`] ?? 0,
        held: counts[`${key}Held`] ?? 0,
        cancelled: counts[`${key}Cancelled`] ?? 0,
        tutorNoShows: counts[`${key}NoShows`] ?? 0,
      });
      const slotsByTutor = new Map<number, WeeklySlot[]>();
      for (const { tutorId, ...slot } of slots) slotsByTutor.set(tutorId, [...(slotsByTutor.get(tutorId) ?? []), slot]);
      const atStep = new Map<string, number>();
      for (const row of applicants) {
        const step = currentStep(onboardingSteps(factsOf(row)))?.step;
        if (step) atStep.set(step, (atStep.get(step) ?? 0) + 1);
      }
      return {
        asOf: now.toISOString(),
        revenue: { today: revenueOf('today'), week: revenueOf('week'), month: revenueOf('month') },
        subscriptions: { total: plans.reduce((sum, p) => sum + p.count, 0), byPlan: plans },
        newStudents: { today: students.today ?? 0, week: students.week ?? 0 },
        lessons: { today: lessonsOf('today'), week: lessonsOf('week') },
        supply: SUPPLY_RANGES.map((range) => ({
          range,
          openMinutes: openMinutes(slotsByTutor, cal.supply[range]),
          bookedMinutes: booked[range] ?? 0,
        })),
        onboarding: ONBOARDING_STEPS.map((step) => ({ step, tutors: atStep.get(step) ?? 0 })),
        withdrawals,
        daily: cal.chartDays.map((day, i) => ({
          day,
          netPiastres: netByDay.get(i + 1) ?? 0,
          lessonsHeld: heldByDay.get(i + 1) ?? 0,
        })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
