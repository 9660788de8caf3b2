import { TransactionStatus } from '@darsak/domain/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { countedBy, samplesOf, sampleValue } from '../../../test/metrics.ts';
import { connectAs, listen } from '../../../test/sockets.ts';
import { waitUntil } from '../../../test/wait-until.ts';
import { outboxMessages } from '../../modules/outbox/outbox.table.ts';
import { transactions } from '../../modules/payments/payments.table.ts';
import { plans } from '../../modules/plans/plans.table.ts';
import { SERVER_RELEASE } from '../server-root.ts';

const METRICS_TOKEN = 'metrics-token-of-the-tests';
const NOW = '2025-03-06T10:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW, env: { METRICS_TOKEN } });
});
afterAll(() => t.close());

const scrape = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });
const scraped = async () => {
  const answer = await scrape(METRICS_TOKEN);
  expect(answer.statusCode).toBe(200);
  return { text: answer.body, samples: samplesOf(answer.body) };
};

describe('the Prometheus endpoint', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('not-the-metrics-token')).json()).toMatchObject({ code: 'unauthenticated' });
    const admin = await createActor(t, 'admin');
    expect((await scrape(admin.token)).statusCode).toBe(401);
  });

  it("gives the process's figures, the release and the instance's own state in the text format", async () => {
    const answer = await scrape(METRICS_TOKEN);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = samplesOf(answer.body);
    expect(sampleValue(samples, 'darsak_build_info', { release: SERVER_RELEASE })).toBe(1);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'darsak_database_up')).toBe(1);
    expect(sampleValue(samples, 'darsak_open_sockets')).toBe(0);
    expect(
      sampleValue(samples, 'darsak_job_queue_jobs', { queue: 'verification.password-code', state: 'ready' }),
    ).toBeGreaterThanOrEqual(0);
    // PGlite has no pool, and this instance no Redis: no figure rather than a false zero.
    if (t.database.kind === 'pglite') expect(answer.body).not.toContain('darsak_database_pool_clients');
    else expect(sampleValue(samples, 'darsak_database_pool_clients', { state: 'total' })).toBeGreaterThan(0);
    expect(answer.body).not.toContain('darsak_redis_up');
    // every sample belongs to a declared family
    const declared = new Set([...answer.body.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    const family = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
    expect(samples.filter((s) => !declared.has(s.name) && !declared.has(family(s.name)))).toEqual([]);
  });
});

describe("this instance's sockets", () => {
  it('are counted at the scrape', async () => {
    const student = await createActor(t, 'student');
    const socket = await connectAs(await listen(t.app), student.token);
    try {
      expect(sampleValue((await scraped()).samples, 'darsak_open_sockets')).toBe(1);
    } finally {
      socket.close();
    }
  });
});

describe('an instance without METRICS_TOKEN that runs the jobs', () => {
  let worker: TestApp;
  beforeAll(async () => {
    worker = await buildTestApp({ runJobs: true });
  });
  afterAll(() => worker.close());

  it('has no metrics route', async () => {
    const answer = await worker.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'route-not-found' });
  });

  it('counts the job runs that throw, by queue', async () => {
    // A refund of a payment that does not exist: the job's run throws (and is retried).
    await worker.app.jobs.send('payments.refund', {
      transactionId: 999_999,
      amountPiastres: 100,
      targetRefundedPiastres: 100,
      reason: 'a test',
      actorId: null,
      source: 'system',
    });
    const failed = () => countedBy(worker.app, 'darsak_job_failures_total', { queue: 'payments.refund' });
    await waitUntil('the failed run is counted', async () => (await failed()) > 0);
  });
});

describe('the HTTP histogram', () => {
  it('labels answers by route pattern, method and status, never with the ids or tokens of the URL', async () => {
    const secrets = ['987654', 'calendar-secret-4d2f', 'invite-secret-8c1e', '55555'];
    await t.app.inject({ method: 'GET', url: '/api/v1/plan/987654' });
    await t.app.inject({ method: 'GET', url: '/api/v1/lesson/calendar/calendar-secret-4d2f.ics' });
    await t.app.inject({ method: 'GET', url: '/api/v1/invite/token/invite-secret-8c1e' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route/55555?token=55555' });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });

    const { text, samples } = await scraped();
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'darsak_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/health', status_code: '200' })).toBe(3);
    const routes = new Set(
      samples.filter((s) => s.name === 'darsak_http_request_duration_seconds_count').map((s) => s.labels.route),
    );
    for (const route of [
      '/api/v1/plan/:id',
      '/api/v1/lesson/calendar/:token.ics',
      '/api/v1/invite/token/:token',
      'unmatched',
    ]) {
      expect(routes).toContain(route);
    }
    expect(count({ route: 'unmatched', status_code: '404' })).toBe(1);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Buckets are cumulative up to +Inf, which holds every answer of the label set.
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(samples, 'darsak_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(3);
  });
});

describe('business figures read from the database at the scrape', () => {
  it('counts payments by status and method, and the outbox backlog with the age of its oldest message', async () => {
    const [plan] = await t.database.db
      .insert(plans)
      .values({ weeklyMinutes: 60, baseMonthPricePiastres: 50_000 })
      .returning();
    if (!plan) throw new Error('no plan');
    const students = await Promise.all([1, 2, 3, 4].map(() => createActor(t, 'student')));
    const now = t.clock.now();
    const payment = (i: number, status: TransactionStatus, method: 'card' | 'cashReference') => ({
      userId: students[i]?.id ?? 0,
      planId: plan.id,
      period: 'month' as const,
      weeklyMinutes: 60,
      method,
      provider: 'fawry' as const,
      merchantRefNum: `metrics-${i}-${status}`,
      amountPiastres: 50_000,
      status,
      paidAt: status === TransactionStatus.new || status === TransactionStatus.expired ? null : now,
      receiptNumber:
        status === TransactionStatus.new || status === TransactionStatus.expired ? null : `DRS-2000-00000${i}`,
    });
    await t.database.db
      .insert(transactions)
      .values([
        payment(0, TransactionStatus.processed, 'card'),
        payment(1, TransactionStatus.processed, 'card'),
        payment(2, TransactionStatus.new, 'cashReference'),
        payment(3, TransactionStatus.expired, 'cashReference'),
      ]);
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const message = (channel: 'email' | 'whatsapp', status: 'pending' | 'sent' | 'failed', createdAt: Date) => ({
      channel,
      recipient: channel === 'email' ? 'someone@example.com' : '01012345678',
      body: 'درسك',
      status,
      createdAt,
      sentAt: status === 'sent' ? now : null,
    });
    await t.database.db
      .insert(outboxMessages)
      .values([
        message('email', 'pending', minutesAgo(12)),
        message('email', 'pending', minutesAgo(1)),
        message('whatsapp', 'pending', minutesAgo(3)),
        message('whatsapp', 'sent', minutesAgo(90)),
        message('email', 'failed', minutesAgo(60)),
      ]);

    const { samples } = await scraped();
    expect(sampleValue(samples, 'darsak_payments', { status: 'processed', method: 'card' })).toBe(2);
    expect(sampleValue(samples, 'darsak_payments', { status: 'new', method: 'cashReference' })).toBe(1);
    expect(sampleValue(samples, 'darsak_payments', { status: 'expired', method: 'cashReference' })).toBe(1);
    expect(sampleValue(samples, 'darsak_payments', { status: 'paid' })).toBeUndefined();
    expect(sampleValue(samples, 'darsak_outbox_pending_messages', { channel: 'email' })).toBe(2);
    expect(sampleValue(samples, 'darsak_outbox_pending_messages', { channel: 'whatsapp' })).toBe(1);
    expect(sampleValue(samples, 'darsak_outbox_pending_messages', { channel: 'telegram' })).toBeUndefined();
    expect(sampleValue(samples, 'darsak_outbox_oldest_pending_age_seconds', { channel: 'email' })).toBe(12 * 60);
    expect(sampleValue(samples, 'darsak_outbox_oldest_pending_age_seconds', { channel: 'whatsapp' })).toBe(3 * 60);

    // Read again at the next scrape: a message sent is no longer waiting.
    await t.database.db.delete(outboxMessages);
    const after = (await scraped()).samples;
    expect(sampleValue(after, 'darsak_outbox_pending_messages', { channel: 'email' })).toBeUndefined();
  });
});
