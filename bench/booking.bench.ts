// Tutor list and free-times throughput against a bare Fastify route in the same run, and booking throughput with
// concurrent students on distinct tutors. Run: npm run bench:booking (figures printed; nothing asserts a time).
// Uses PostgreSQL when DATABASE_URL is set (throughput figures belong there: PGlite runs one query at a time).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { periodPricePiastres } from '@darsak/domain/plans';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { subscriptionEndsAt, weekAnchorFor } from '@darsak/domain/subscriptions';
import { eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { plans } from '../apps/server/src/modules/plans/plans.table.ts';
import { subscriptions } from '../apps/server/src/modules/subscriptions/subscriptions.table.ts';
import { tutors, users } from '../apps/server/src/modules/users/users.table.ts';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk.adapter.ts';
import { seedDemoData } from '../apps/server/src/seed/demo-seed.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { registerUser } from '../apps/server/test/factories.ts';
import { load, printTable } from './support.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const files = mkdtempSync(join(tmpdir(), 'darsak-bench-files-'));

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const t = await buildTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' } });
const now = t.clock.now(); // the test app's clock stands still: data and requests share its moment
await seedDemoData(t.database.db, createDiskStorage(files), now);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const db = t.database.db;
const tutorIds = (await db.select({ id: tutors.userId }).from(tutors).where(eq(tutors.activated, true))).map(
  (r) => r.id,
);

console.log(`database: ${t.database.kind}; ${tutorIds.length} active tutors; ${seconds}s per route, 10 connections`);
const baseline = await load('GET /bare (Fastify, no work)', `${bareUrl}/bare`, { seconds });
const list = await load('GET /api/v1/user/tutor/list/onboarded', `${appUrl}/api/v1/user/tutor/list/onboarded`, {
  seconds,
});
const free = await load(
  'GET /api/v1/availability-slot/free',
  `${appUrl}/api/v1/availability-slot/free?tutorId=${tutorIds[0]}&durationMinutes=30`,
  { seconds },
);
printTable(baseline, [list, free]);

// One verified student with a month of the 120-minute plan per tutor; each books its own tutor at once.
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
    endsAt: subscriptionEndsAt(weekAnchorAt, 'month'),
    weekAnchorAt,
  })),
);

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
