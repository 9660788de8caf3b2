import type { WeeklySlot } from '@darsak/domain/availability';
import { PERIOD_WEEKS } from '@darsak/domain/plans';
import type { SessionLength } from '@darsak/domain/sessions';
import { subscriptionEndsAt, weekAnchorFor } from '@darsak/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { plans } from '../src/modules/plans/plans.table.ts';
import { subscriptions } from '../src/modules/subscriptions/subscriptions.table.ts';
import { tutors, users } from '../src/modules/users/users.table.ts';
import type { TestApp } from './build-test-app.ts';
import { type Actor, createActor } from './harness/actors.ts';

// Tutors with a schedule and students with weekly minutes, for the booking tests. Until the subscriptions module
// sells plans, a student's subscription is written straight to its table.

let phones = 0;

/** Marks the actor's e-mail and phone verified, as booking requires. */
export async function verify(t: TestApp, actor: Actor) {
  phones += 1;
  await t.database.db
    .update(users)
    .set({
      phone: `010${String(phones).padStart(8, '0')}`,
      emailVerifiedAt: t.clock.now(),
      phoneVerifiedAt: t.clock.now(),
    })
    .where(eq(users.id, actor.id));
}

/** An activated, verified tutor with this weekly schedule and these lesson lengths (set through the API). */
export async function createTutor(
  t: TestApp,
  options: {
    slots?: WeeklySlot[];
    lessonLengths?: SessionLength[];
    noticePeriodMinutes?: number;
    ratePerMinutePiastres?: number;
  } = {},
): Promise<Actor> {
  const tutor = await createActor(t, 'tutor');
  await verify(t, tutor);
  await t.database.db
    .update(tutors)
    .set({
      activated: true,
      noticePeriodMinutes: options.noticePeriodMinutes ?? 30,
      ratePerMinutePiastres: options.ratePerMinutePiastres ?? null,
    })
    .where(eq(tutors.userId, tutor.id));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/availability-slot/',
    headers: { authorization: `Bearer ${tutor.token}` },
    payload: { slots: options.slots ?? [], lessonLengths: options.lessonLengths },
  });
  if (response.statusCode !== 200) throw new Error(`slots: ${response.statusCode} ${response.body}`);
  return tutor;
}

/** Every day, all day: the schedule of tests about other rules. */
export const ALL_WEEK: WeeklySlot[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 0,
  endMinute: 1440,
}));

/**
 * A verified student with an active monthly subscription of `weeklyMinutes`, bought at `startsAt` (default: the
 * test clock's now), so its weeks renew on that Cairo weekday at 06:00.
 */
export async function createStudentWithMinutes(
  t: TestApp,
  options: { weeklyMinutes?: number; startsAt?: Date } = {},
): Promise<Actor & { subscriptionId: number }> {
  const student = await createActor(t, 'student');
  await verify(t, student);
  const subscriptionId = await giveMinutes(t, student.id, options);
  return { ...student, subscriptionId };
}

export async function giveMinutes(
  t: TestApp,
  studentId: number,
  options: { weeklyMinutes?: number; startsAt?: Date } = {},
): Promise<number> {
  const weeklyMinutes = options.weeklyMinutes ?? 60;
  const db = t.database.db;
  const [plan] = await db.insert(plans).values({ weeklyMinutes, baseMonthPricePiastres: 50_000 }).returning();
  if (!plan) throw new Error('plan insert returned nothing');
  const startsAt = options.startsAt ?? t.clock.now();
  const weekAnchorAt = weekAnchorFor(startsAt, 6);
  const [row] = await db
    .insert(subscriptions)
    .values({
      studentId,
      planId: plan.id,
      period: 'month',
      weeklyMinutes,
      startsAt,
      endsAt: subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.month),
      weekAnchorAt,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row.id;
}
