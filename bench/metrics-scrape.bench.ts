// What a Prometheus scrape costs when the deployment has years of rows: GET /api/metrics with BENCH_PAYMENTS
// payments (200,000) and BENCH_MESSAGES outbox messages (1,000,000, of which 200 unsent), and the two database reads
// it makes (payments by status and method, the outbox's unsent messages). Every instance runs them at each scrape.
// Run: npm run bench:metrics-scrape (PostgreSQL in a database of its own, dropped after, when DATABASE_URL is set;
// otherwise PGlite). Figures are printed; nothing here asserts a time.
import { sql } from 'drizzle-orm';
import { pendingByChannel } from '../apps/server/src/modules/outbox/outbox.repo.ts';
import { countByStatusAndMethod } from '../apps/server/src/modules/payments/payments.repo.ts';
import { buildTestApp } from '../apps/server/test/build-test-app.ts';
import { benchDatabase } from './support.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const UNSENT = 200;
const SCRAPES = 30;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const { database, drop } = await benchDatabase();
const t = await buildTestApp({ database, env: { METRICS_TOKEN }, checkFastResponses: false });
const db = t.database.db;
const seeded = performance.now();
await db.execute(sql`insert into users (role, name, email) values (4, 'Bench', 'bench-metrics@bench.test')`);
await db.execute(sql`insert into plans (weekly_minutes, base_month_price_piastres) values (120, 80000)`);
// Every status but new (one open payment per student), every method, paid ones with their time.
await db.execute(sql`
  insert into transactions (user_id, plan_id, period, weekly_minutes, method, provider, merchant_ref_num,
                            amount_piastres, status, paid_at, receipt_number, created_at)
  select (select max(id) from users), (select max(id) from plans), 'month', 120,
         (array['card', 'eWallet', 'bankInstallment', 'cashReference'])[1 + g % 4], 'fawry', 'bench-' || g, 80000,
         1 + g % 7, case when 1 + g % 7 in (1, 3, 5, 7) then now() end,
         case when 1 + g % 7 in (1, 3, 5, 7) then 'DRS-2000-' || lpad(g::text, 6, '0') end, now() - (g || ' minutes')::interval
  from generate_series(1, ${PAYMENTS}) g`);
await db.execute(sql`
  insert into outbox_messages (channel, recipient, body, status, attempts, created_at, sent_at)
  select (array['email', 'whatsapp', 'telegram'])[1 + g % 3], 'p' || g || '@bench.test', 'درسك', 'sent', 1,
         now() - (g || ' seconds')::interval, now()
  from generate_series(1, ${MESSAGES - UNSENT}) g`);
await db.execute(sql`
  insert into outbox_messages (channel, recipient, body, status, created_at, next_attempt_at)
  select (array['email', 'whatsapp', 'telegram'])[1 + g % 3], 'q' || g || '@bench.test', 'درسك', 'pending',
         now() - (g || ' seconds')::interval, now() + interval '1 hour'
  from generate_series(1, ${UNSENT}) g`);
if (database.kind === 'postgres') await db.execute(sql`analyze transactions; analyze outbox_messages`);
console.log(
  `${database.kind}: ${PAYMENTS} payments, ${MESSAGES} outbox messages (${UNSENT} unsent), seeded in ` +
    `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
);

/** Milliseconds of each of `runs` calls, after two to warm up. */
async function timed(runs: number, call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
const figures = (times: number[]) => ({
  'median ms': (times[Math.floor(times.length / 2)] ?? 0).toFixed(1),
  'max ms': (times.at(-1) ?? 0).toFixed(1),
});

const scrape = () =>
  t.app
    .inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    .then((answer) => {
      if (answer.statusCode !== 200) throw new Error(`scrape answered ${answer.statusCode}`);
      return answer.body;
    });
const body = await scrape();
console.table({
  'GET /api/metrics (whole scrape)': figures(await timed(SCRAPES, scrape)),
  'payments by status and method': figures(await timed(SCRAPES, () => countByStatusAndMethod(db))),
  'unsent outbox messages by channel': figures(await timed(SCRAPES, () => pendingByChannel(db))),
});
console.log(
  `one scrape: ${body.split('\n').filter((l) => l && !l.startsWith('#')).length} samples, ${body.length} bytes`,
);
await t.close();
await drop();
