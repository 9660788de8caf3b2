import type { FreeTimes } from '@darsak/domain/availability';
import { LESSON_SESSION_STATUSES, type LessonView } from '@darsak/domain/lessons';
import type { RatingView } from '@darsak/domain/ratings';
import type { Subscription } from '@darsak/domain/subscriptions';
import type { TutorCard, TutorProfile } from '@darsak/domain/tutors';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** Tomorrow (or `days` on) at a Cairo wall-clock hour, as an ISO instant (Cairo is UTC+2 in winter, +3 in summer). */
export function cairoAt(days: number, hour: number, minute = 0): string {
  const day = new Date(Date.now() + days * MS_PER_DAY);
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(day);
  const guess = Date.parse(`${ymd}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Cairo', hour: 'numeric', hourCycle: 'h23' }).format(guess),
  );
  const offset = (offsetHours - hour + 24) % 24;
  return new Date(guess - offset * 60 * MS_PER_MINUTE).toISOString();
}

export function makeTutorCard(overrides: Partial<TutorCard> = {}): TutorCard {
  return {
    id: 21,
    name: 'ياسمين فؤاد',
    image: null,
    gender: 'female',
    bio: 'متخصصة في التحضير لاختبار الآيلتس.',
    topics: [{ id: 3, nameAr: 'اختبار الآيلتس', nameEn: 'IELTS' }],
    rating: { average: 4.5, count: 12 },
    nextFreeAt: cairoAt(1, 10),
    lessonLengths: [15, 30],
    ...overrides,
  };
}

export function makeTutorProfile(overrides: Partial<TutorProfile> = {}): TutorProfile {
  return {
    ...makeTutorCard(),
    about: 'درست الأدب الإنجليزي في جامعة الإسكندرية.',
    video: null,
    thumbnail: null,
    noticePeriodMinutes: 30,
    lessons: 40,
    ...overrides,
  };
}

export function makeLesson(overrides: Partial<LessonView> = {}): LessonView {
  const startsAt = overrides.startsAt ?? cairoAt(2, 10);
  const durationMinutes = overrides.durationMinutes ?? 30;
  const status = overrides.status ?? 'pending';
  return {
    id: 501,
    status,
    sessionStatus: LESSON_SESSION_STATUSES[status],
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + durationMinutes * MS_PER_MINUTE).toISOString(),
    durationMinutes,
    pricePiastres: durationMinutes * 250,
    student: { id: 7, name: 'سارة أحمد', image: null, gender: null },
    tutor: { id: 21, name: 'ياسمين فؤاد', image: null, gender: null },
    rebookedFrom: null,
    cancellableUntil: new Date(Date.parse(startsAt) - 6 * 60 * MS_PER_MINUTE).toISOString(),
    joinOpensAt: new Date(Date.parse(startsAt) - 10 * MS_PER_MINUTE).toISOString(),
    noShowAt: new Date(Date.parse(startsAt) + 5 * MS_PER_MINUTE).toISOString(),
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    tutorJoinedAt: null,
    chargedMinutes: null,
    paidMinutes: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Free times of one length at these starts, for a tutor teaching `lessonLengths`. */
export function makeFreeTimes(
  durationMinutes: 15 | 30,
  starts: string[],
  week: FreeTimes['week'] = {
    startsAt: new Date(Date.now() - MS_PER_DAY).toISOString(),
    endsAt: cairoAt(5, 6),
    remainingMinutes: 120,
  },
  lessonLengths: FreeTimes['lessonLengths'] = [15, 30],
): FreeTimes {
  return {
    tutorId: 21,
    durationMinutes,
    lessonLengths,
    week,
    cancellationPolicy: { cancellationWindowHours: 6, lateBookingCancelGraceMinutes: 10 },
    total: starts.length,
    list: starts.map((startsAt) => ({
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + durationMinutes * MS_PER_MINUTE).toISOString(),
    })),
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 9,
    studentId: 7,
    planId: 2,
    period: 'month',
    weeklyMinutes: 120,
    remainingWeeklyMinutes: 120,
    status: 'active',
    startsAt: new Date(Date.now() - MS_PER_DAY).toISOString(),
    endsAt: new Date(Date.now() + 27 * MS_PER_DAY).toISOString(),
    weekStartsAt: new Date(Date.now() - MS_PER_DAY).toISOString(),
    weekEndsAt: cairoAt(5, 6),
    pricePiastres: 110_000,
    transactionId: 1,
    cancellation: { lessonsTaken: 0, maxLessons: 1, allowed: true, refundPiastres: 110_000 },
    cancelledAt: null,
    createdAt: new Date(Date.now() - MS_PER_DAY).toISOString(),
    pause: null,
    pauseOffer: { minWeeks: 1, maxWeeks: 3 },
    next: null,
    payAhead: null,
    ...overrides,
  };
}

export function makeRating(overrides: Partial<RatingView> = {}): RatingView {
  return {
    id: 61,
    raterId: 7,
    rateeId: 21,
    lessonId: 501,
    lessonStartsAt: new Date().toISOString(),
    value: 5,
    text: 'شرح ممتاز وصبر جميل.',
    rater: { id: 7, name: 'سارة أحمد', image: null },
    ratee: { id: 21, name: 'أحمد حسن', image: null },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}
