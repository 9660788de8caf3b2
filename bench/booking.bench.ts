// Tutor list and free-times throughput against a bare Fastify route in the same run, free times cold against
// warm, and booking throughput with concurrent students on distinct tutors. Run: npm run bench:booking (figures
// printed; nothing asserts a time). Uses PostgreSQL when DATABASE_URL is set (throughput figures belong there:
// PGlite runs one query at a time), and keeps the caches in Redis when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERIOD_WEEKS, periodPricePiastres } from '@darsak/domain/plans';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { subscriptionEndsAt, weekAnchorFor } from '@darsak/domain/subscriptions';
import { eq, inArray } from 'drizzle-orm';
import { plans } from '../apps/server/src/modules/plans/plans.table.ts';
import { subscriptions } from '../apps/server/src/modules/subscriptions/subscriptions.table.ts';
import { tutors, users } from '../apps/server/src/modules/users/users.table.ts';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk.adapter.ts';
import { seedDemoData } from '../apps/server/src/seed/demo-seed.ts';
import { createTutor } from '../apps/server/test/booking-fixtures.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { registerUser } from '../apps/server/test/factories.ts';
import { bareRoute, load, printTable } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const files = mkdtempSync(join(tmpdir(), 'darsak-bench-files-'));

const bare = await bareRoute();

const redisUrl = process.env.REDIS_URL;
const t = await buildTestApp({
  env: {
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
    // Under a prefix of its own, so no earlier run's entries (another database) are read.
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_CACHE_PREFIX: `darsak:bench:${randomUUID()}` } : {}),
  },
});
const now = t.clock.now(); // the test app's clock stands still: data and requests share its moment
await seedDemoData(t.database.db, createDiskStorage(files), now);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const db = t.database.db;
const tutorIds = (await db.select({ id: tutors.userId }).from(tutors).where(eq(tutors.activated, true))).map(
  (r) => r.id,
);

// One verified student with a month of the 120-minute plan per tutor; each books its own tutor at once below.
const [plan] = await db.select().from(plans).where(eq(plans.weeklyMinutes, 120)).limit(1);
if (!plan) throw new Error('the seed has no 120-minute plan');
const students = await Promise.all(tutorIds.map(() => registerUser(t.app)));
const studentIds = students.map((s) => s.user.id);
await db
  .update(users)
  .set({ emailVerifiedAt: now, phoneVerifiedAt: now, phone: '01000000000' })
  .where(inArray(users.id, studentIds));
const weekAnchorAt = weekAnchorFor(now, PLATFORM_SETTINGS_DEFAULTS.weekRenewalHourCairo);
await db.insert(subscriptions).values(
  studentIds.map((studentId) => ({
    studentId,
    planId: plan.id,
    period: 'month' as const,
    weeklyMinutes: plan.weeklyMinutes,
    pricePiastres: periodPricePiastres(plan, 'month'),
    startsAt: now,
    endsAt: subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.month),
    weekAnchorAt,
  })),
);

// Free times of a listed tutor with a schedule: the tutor's side (facts, slots, held lessons) comes from the
// per-tutor cache; a signed-in student's week and lessons are read per request.
const listed = (await (await fetch(`${appUrl}/api/v1/user/tutor/list/onboarded`)).json()) as {
  list: { id: number; nextFreeAt: string | null }[];
};
const shown = listed.list.find((tutor) => tutor.nextFreeAt)?.id;
const freeUrl = (tutorId = shown) => `${appUrl}/api/v1/availability-slot/free?tutorId=${tutorId}&durationMinutes=30`;
console.log(
  `database: ${t.database.kind}; caches (tutor list, free times' tutor side): ${redisUrl ? 'Redis' : 'memory'}; ` +
    `${tutorIds.length} active tutors; ${seconds}s per route, 10 connections`,
);
const baseline = await load('GET /bare (Fastify, no work)', bare.url, { seconds });
const list = await load('GET /api/v1/user/tutor/list/onboarded', `${appUrl}/api/v1/user/tutor/list/onboarded`, {
  seconds,
});
const free = await load('GET /api/v1/availability-slot/free (anonymous)', freeUrl(), { seconds });
const freeAsStudent = await load('GET /api/v1/availability-slot/free (a student)', freeUrl(), {
  seconds,
  headers: { authorization: `Bearer ${students[0]?.token}` },
});
printTable(baseline, [list, free, freeAsStudent]);

// Cold against warm, one request at a time, for a tutor with the same schedule: before each cold request a
// schedule save (not timed) makes the tutor's entry stale, as a booking or any change of the tutor does.
const slots = (
  (await (await fetch(`${appUrl}/api/v1/availability-slot/?tutorId=${shown}`)).json()) as {
    list: { weekday: number; startMinute: number; endMinute: number }[];
  }
).list.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute }));
const probe = await createTutor(t, { slots });
const saveSchedule = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/availability-slot/',
    headers: { authorization: `Bearer ${probe.token}` },
    payload: { slots },
  });
async function oneAtATime(runs: number, before?: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const started = performance.now();
    await (await fetch(freeUrl(probe.id))).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / runs;
  return `mean ${mean.toFixed(2)} ms, p99 ${times[Math.floor(runs * 0.99)]?.toFixed(2)} ms`;
}
const cold = await oneAtATime(300, saveSchedule);
const warm = await oneAtATime(300);
console.log(`free times one request at a time (300 each): cold (entry just made stale) ${cold}; warm ${warm}`);

const bookings = await Promise.all(
  students.map(async ({ token }, i) => {
    const auth = { authorization: `Bearer ${token}` };
    const times = await fetch(`${appUrl}/api/v1/availability-slot/free?tutorId=${tutorIds[i]}&durationMinutes=30`, {
      headers: auth,
    }).then((r) => r.json() as Promise<{ list: { startsAt: string }[] }>);
    const startsAt = times.list[0]?.startsAt;
    return { token, tutorId: tutorIds[i], startsAt };
  }),
);
const bookable = bookings.filter((b) => b.startsAt);
const started = performance.now();
const answers = await Promise.all(
  bookable.map((b) =>
    fetch(`${appUrl}/api/v1/lesson/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tutorId: b.tutorId, startsAt: b.startsAt, durationMinutes: 30 }),
    }).then(async (r) => (r.status === 201 ? 201 : `${r.status} ${((await r.json()) as { code: string }).code}`)),
  ),
);
const ms = performance.now() - started;
const booked = answers.filter((s) => s === 201).length;
console.log(
  `booking: ${bookable.length} students on distinct tutors at once → ${booked} booked in ${ms.toFixed(0)} ms ` +
    `(${((booked / ms) * 1000).toFixed(1)} bookings/s; statuses ${JSON.stringify(answers)})`,
);

await t.close();
await bare.close();
rmSync(files, { recursive: true, force: true });
