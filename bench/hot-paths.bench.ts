// The hot paths of issue 14 against a bare Fastify route in the same process run, on the volume (see
// volume-seed.ts), 50 connections: health (it pings the database), the public configuration (the cheapest route:
// memory and the global hooks only), current user, tutor list (warm), plan list, free times signed in,
// a lessons page of 15 (each in passes alternating with the bare route's), and current user while 50 connections
// sign in; then the hot answers' serializers alone (zod against fast-json-stringify). Prints req/s, p50, p99
// and the share of the bare route, and keeps the figures in bench/results/hot-paths.json, comparing with the
// previous run of the same database. Run: npm run bench:hot-paths (PostgreSQL in a database of its own, dropped after, when
// DATABASE_URL is set; otherwise PGlite). BENCH_SECONDS sets the seconds per row (8). BENCH_ROWS picks rows by key
// (health, config, current-user, tutor-list, plan-list, free-times, lessons, sign-in; e.g. BENCH_ROWS=free-times,lessons):
// health always runs, as the goal's measure, and a picked run keeps no figures, so the file stays one whole run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lessonsContract } from '@darsak/domain/lessons';
import { PERIOD_WEEKS, periodPricePiastres } from '@darsak/domain/plans';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import { subscriptionEndsAt, weekAnchorFor } from '@darsak/domain/subscriptions';
import { tutorsContract } from '@darsak/domain/tutors';
import { usersContract } from '@darsak/domain/users';
import { eq } from 'drizzle-orm';
import { plans } from '../apps/server/src/modules/plans/plans.table.ts';
import { subscriptions } from '../apps/server/src/modules/subscriptions/subscriptions.table.ts';
import { users } from '../apps/server/src/modules/users/users.table.ts';
import { compileFastSerializer } from '../apps/server/src/platform/http/response-serializer.ts';
import { createDiskStorage } from '../apps/server/src/providers/storage/disk.adapter.ts';
import { seedDemoData } from '../apps/server/src/seed/demo-seed.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { registerUser, validPassword } from '../apps/server/test/factories.ts';
import {
  alternating,
  bareRoute,
  baselineFigure,
  benchDatabase,
  compareAndKeep,
  type Figure,
  type LoadResult,
  load,
} from './support.ts';
import { seedVolume } from './volume-seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const picked = process.env.BENCH_ROWS?.split(',');
const wanted = (key: string) => !picked || key === 'health' || picked.includes(key);

/** Mean microseconds of one call over a few thousand (after a warm-up). */
function microseconds(fn: (data: unknown) => string, data: unknown): number {
  for (let i = 0; i < 200; i++) fn(data);
  const started = performance.now();
  for (let i = 0; i < 2_000; i++) fn(data);
  return Math.round(((performance.now() - started) / 2_000) * 1000);
}
const connections = 50;
const files = mkdtempSync(join(tmpdir(), 'darsak-bench-files-'));

const bare = await bareRoute();

const { database, drop } = await benchDatabase();
const t = await buildTestApp({
  database,
  env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000', RATE_LIMIT_GUESSES_PER_ACCOUNT: '1000' },
  checkFastResponses: false,
});
const now = t.clock.now(); // the test app's clock stands still: data and requests share its moment
const db = t.database.db;
await seedDemoData(db, createDiskStorage(files), now);

// The measured student: verified, with a month of the 120-minute plan, and 150 of the lessons.
const student = await registerUser(t.app);
await db
  .update(users)
  .set({ emailVerifiedAt: now, phoneVerifiedAt: now, phone: '01000000000' })
  .where(eq(users.id, student.user.id));
const [plan] = await db.select().from(plans).where(eq(plans.weeklyMinutes, 120)).limit(1);
if (!plan) throw new Error('the seed has no 120-minute plan');
const weekAnchorAt = weekAnchorFor(now, PLATFORM_SETTINGS_DEFAULTS.weekRenewalHourCairo);
await db.insert(subscriptions).values({
  studentId: student.user.id,
  planId: plan.id,
  period: 'month',
  weeklyMinutes: plan.weeklyMinutes,
  pricePiastres: periodPricePiastres(plan, 'month'),
  startsAt: now,
  endsAt: subscriptionEndsAt(weekAnchorAt, PERIOD_WEEKS.month),
  weekAnchorAt,
});
const volume = await seedVolume(db, now, student.user.id);

await t.app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const auth = { authorization: `Bearer ${student.token}` };
const tutorList = `${appUrl}/api/v1/user/tutor/list/onboarded`;
const listed = (await (await fetch(tutorList)).json()) as { list: { id: number; nextFreeAt: string | null }[] };
const shownTutor = listed.list.find((tutor) => tutor.nextFreeAt)?.id;
if (shownTutor === undefined) throw new Error('no listed tutor has free time');

console.log(
  `database: ${t.database.kind}; volume ${JSON.stringify(volume)}; ${seconds}s per row, ${connections} connections`,
);
const passes = 4;
const pass = seconds / passes;
const barePass = () => load('bare Fastify route', bare.url, { seconds: pass, connections });
const once = (name: string, path: string, options: Parameters<typeof load>[2] = {}) =>
  load(name, `${appUrl}${path}`, { seconds: pass, connections, ...options });
const bares: LoadResult[] = [];
const figures: Figure[] = [];
const measure = async (key: string, name: string, path: string, options: Parameters<typeof load>[2] = {}) => {
  if (!wanted(key)) return;
  const { bare: b, figure } = await alternating(barePass, () => once(name, path, options), passes);
  bares.push(b);
  figures.push(figure);
};
await measure('health', 'health', '/api/health');
await measure('config', 'public configuration (no database)', '/api/v1/config');
await measure('current-user', 'current user', '/api/v1/user/current', { headers: auth });
await measure('tutor-list', 'tutor list (warm)', '/api/v1/user/tutor/list/onboarded');
await measure('plan-list', 'plan list', '/api/v1/plan/list');
await measure(
  'free-times',
  'free times, signed in',
  `/api/v1/availability-slot/free?tutorId=${shownTutor}&durationMinutes=30`,
  { headers: auth },
);
await measure('lessons', 'lessons page of 15', '/api/v1/lesson/list/?page=1&size=15', { headers: auth });
// Sign-in is bound by argon2id by design; what matters is that a storm of it leaves other routes served.
const storm = wanted('sign-in')
  ? await Promise.all([
      load('sign-in (storm)', `${appUrl}/api/v1/auth/password`, {
        seconds,
        connections,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: student.user.email, password: validPassword }),
      }),
      load('current user during a sign-in storm', `${appUrl}/api/v1/user/current`, {
        seconds,
        connections,
        headers: auth,
      }),
    ])
  : [];
const lastBare = baselineFigure(bares);
figures.push(...storm.map((r) => ({ ...r, rps: Math.round(r.rps), share: r.rps / lastBare.rps })));

// The serializers alone, on this run's answers: zod (checked, then stringified) against fast-json-stringify.
const serializerRows = await Promise.all(
  (
    [
      ['current user', usersContract.current.response, '/api/v1/user/current'],
      ['tutor list', tutorsContract.listOnboarded.response, '/api/v1/user/tutor/list/onboarded'],
      ['lessons page of 15', lessonsContract.list.response, '/api/v1/lesson/list/?page=1&size=15'],
    ] as const
  ).map(async ([name, schema, path]) => {
    const data = await (await fetch(`${appUrl}${path}`, { headers: auth })).json();
    const fast = compileFastSerializer(schema);
    const checked = (x: unknown) => JSON.stringify(schema.encode(x as never));
    return { answer: name, 'zod µs': microseconds(checked, data), 'fast µs': microseconds(fast, data) };
  }),
);
console.table(serializerRows);

compareAndKeep(
  new URL('./results/hot-paths.json', import.meta.url).pathname,
  t.database.kind,
  [lastBare, ...figures],
  { at: new Date().toISOString(), seconds, connections, volume },
  { keep: !picked },
);

await t.close();
await drop();
await bare.close();
rmSync(files, { recursive: true, force: true });
