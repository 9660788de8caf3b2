import { ARABIC_TWO_PART_NAME_PATTERN } from '@darsak/domain/common';
import type { Plan } from '@darsak/domain/plans';
import { Topic } from '@darsak/domain/topics';
import type { TutorCard, TutorProfile } from '@darsak/domain/tutors';
import { byRecommended } from '@darsak/domain/tutors';
import { Role, TutorAbout, TutorBio } from '@darsak/domain/users';
import { gt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../test/build-test-app.ts';
import { availabilitySlots } from '../modules/availability/availability.table.ts';
import { lessons } from '../modules/lessons/lessons.table.ts';
import { plans } from '../modules/plans/plans.table.ts';
import { tutors, users } from '../modules/users/users.table.ts';
import { storageOf } from '../providers/storage/configured.ts';
import {
  DEMO_REVIEWS,
  DEMO_TOPICS,
  DEMO_TRIAL_STUDENT_EMAIL,
  DEMO_TUTORS,
  DEMO_TUTORS_WITHOUT_VIDEO,
} from './demo-data.ts';
import { DEMO_PASSWORD, type DemoSignIn, seedDemoData } from './demo-seed.ts';

let t: TestApp;
let signIns: DemoSignIn[];
beforeAll(async () => {
  t = await buildTestApp();
  const storage = storageOf(t.config);
  signIns = await seedDemoData(t.database.db, storage, new Date());
});
afterAll(() => t.close());

const signIn = async (email: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, email).toBe(200);
  return response.json().token as string;
};

describe('demo seed', () => {
  it('holds valid data: topic names, tutor names, bios and abouts pass the app’s own rules', () => {
    for (const topic of DEMO_TOPICS) expect(Topic.safeParse(topic).success, topic.nameEn).toBe(true);
    for (const tutor of DEMO_TUTORS) {
      expect(tutor.name).toMatch(ARABIC_TWO_PART_NAME_PATTERN);
      expect(TutorBio.safeParse(tutor.bio).success, tutor.bio).toBe(true);
      expect(TutorAbout.safeParse(tutor.about).success, tutor.about).toBe(true);
    }
  });

  it('answers one sign-in per role, each of which works', async () => {
    expect(signIns.map((s) => s.role)).toEqual(['superAdmin', 'admin', 'tutorManager', 'studio', 'tutor', 'student']);
    for (const { email } of signIns) await signIn(email);
  });

  it('seeds the topics, a dozen active and complete tutors with pictures, and the three plans', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/topic/list' });
    expect(list.json().total).toBe(14);

    const activeTutors = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tutors)
      .innerJoin(users, sql`${users.id} = ${tutors.userId}`)
      .where(sql`${tutors.activated} and ${users.role} = ${Role.tutor} and ${users.profileCompletedAt} is not null`);
    expect(activeTutors[0]?.count).toBe(12);
    const cards = await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=12' });
    const lengths = cards.json().list.map((card: { lessonLengths: number[] }) => card.lessonLengths.join('+'));
    expect(lengths.filter((l: string) => l === '30')).toHaveLength(2);
    expect(lengths.filter((l: string) => l === '15+30')).toHaveLength(10);

    const token = await signIn('tutor@darsak.test');
    const meta = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/tutor/meta' });
    expect(meta.json()).toMatchObject({ activated: true, noticePeriodMinutes: 30, missingData: [] });
    const favourites = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/topic/of/user' });
    expect(favourites.json().total).toBe(3);
    const me = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' });
    expect(me.json()).toMatchObject({
      emailVerified: true,
      phoneVerified: true,
      profileCompleted: true,
      gender: 'male',
    });
    const picture = await t.app.inject({ method: 'GET', url: me.json().image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });

    const seededPlans = await t.database.db.select().from(plans).orderBy(plans.weeklyMinutes);
    expect(seededPlans.map((p) => [p.weeklyMinutes, p.baseMonthPricePiastres, p.installments])).toEqual([
      [60, 60_000, 1],
      [120, 110_000, 2],
      [230, 200_000, 3],
    ]);
    expect(seededPlans.every((p) => p.state === 'active' && !p.forInvitesOnly && p.quarterDiscountPercent === 10)).toBe(
      true,
    );
  });

  it('offers the free trial of the starter plan to the trial student alone', async () => {
    const offered = async (email: string) => {
      const answer = await injectAs(t.app, await signIn(email), { method: 'GET', url: '/api/v1/plan/list' });
      const list: Plan[] = answer.json().list;
      return list.filter((plan) => plan.freeTrialAvailable).map((plan) => plan.weeklyMinutes);
    };
    expect(await offered(DEMO_TRIAL_STUDENT_EMAIL)).toEqual([60]);
    expect(await offered('student@darsak.test')).toEqual([]);
  });

  it('gives the demo tutor fulfilled lessons credited to an earnings balance', async () => {
    const token = await signIn('tutor@darsak.test');
    const me = (await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' })).json();
    const balance = await injectAs(t.app, token, { method: 'GET', url: `/api/v1/invoice/stats/${me.id}` });
    expect(balance.json()).toMatchObject({
      earnedPiastres: 105_000,
      availablePiastres: 105_000,
      fulfilledLessons: 16,
    });
    const lessonsPage = await injectAs(t.app, token, { method: 'GET', url: '/api/v1/invoice/earnings?size=20' });
    expect(lessonsPage.json().list).toHaveLength(16);
  });

  it('books every taught lesson before it starts', async () => {
    expect(await t.database.db.$count(lessons, gt(lessons.createdAt, lessons.startsAt))).toBe(0);
  });

  it('gives most tutors an intro clip (a VP8 WebM of the length it states) with a thumbnail', async () => {
    const cards: TutorCard[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=12' })
    ).json().list;
    const profiles: TutorProfile[] = await Promise.all(
      cards.map(async (card) =>
        (await t.app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${card.id}` })).json(),
      ),
    );
    const withVideo = profiles.filter((profile) => profile.video !== null);
    expect(withVideo).toHaveLength(DEMO_TUTORS.length - DEMO_TUTORS_WITHOUT_VIDEO.length);
    const [first] = withVideo;
    const video = await t.app.inject({ method: 'GET', url: first?.video ?? '' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.rawPayload.includes('V_VP8')).toBe(true);
    expect(video.rawPayload.length).toBeLessThan(200_000);
    const thumbnail = await t.app.inject({ method: 'GET', url: first?.thumbnail ?? '' });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });

  it('gives most tutors reviews in Arabic and English, leaves three new, and lists them in the recommended order', async () => {
    const cards: TutorCard[] = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=12' })
    ).json().list;
    const counts = cards.map((card) => card.rating.count);
    expect(counts.filter((n) => n === 0)).toHaveLength(3);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(Object.values(DEMO_REVIEWS).flat().length);
    expect(cards.map((card) => card.id)).toEqual([...cards].sort(byRecommended).map((card) => card.id));
    // A single five-star rating does not outrank many good ones.
    expect(cards[0]?.rating.count).toBeGreaterThan(1);

    const demoTutor = cards.find((card) => card.name === DEMO_TUTORS[0]?.name);
    const reviews = await t.app.inject({ method: 'GET', url: `/api/v1/rating/list/tutor/${demoTutor?.id}` });
    const texts: (string | null)[] = reviews.json().list.map((r: { text: string | null }) => r.text);
    expect(reviews.json().summary).toEqual({ average: 4.8, count: 5 });
    expect(texts.some((text) => text !== null && /[\u0600-\u06ff]/.test(text))).toBe(true);
    expect(texts.some((text) => text !== null && /^[A-Za-z]/.test(text))).toBe(true);
  });

  it('gives the demo student two conversations whose latest replies are unread', async () => {
    const token = await signIn('student@darsak.test');
    const me = (await injectAs(t.app, token, { method: 'GET', url: '/api/v1/user/current' })).json();
    const rooms = await injectAs(t.app, token, { method: 'GET', url: `/api/v1/chat/list/rooms/${me.id}` });
    const list: { unreadCount: number; members: { name: string }[] }[] = rooms.json().list;
    expect(list.map((room) => room.unreadCount).sort()).toEqual([1, 2]);
    const withDemoTutor = list.find((room) => room.members.some((m) => m.name === DEMO_TUTORS[0]?.name));
    expect(withDemoTutor?.unreadCount).toBe(2);
  });

  it('gives every tutor several weekdays of availability', async () => {
    const days = await t.database.db
      .select({
        tutorId: availabilitySlots.tutorId,
        days: sql<number>`count(distinct ${availabilitySlots.weekday})::int`,
      })
      .from(availabilitySlots)
      .groupBy(availabilitySlots.tutorId);
    expect(days).toHaveLength(12);
    for (const row of days) expect(row.days).toBeGreaterThanOrEqual(3);
  });

  it('runs once: a second start changes nothing and answers the same sign-ins', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    const before = await count();
    const again = await seedDemoData(t.database.db, storageOf(t.config), new Date());
    expect(again).toEqual(signIns);
    expect(await count()).toBe(before);
  });
});
