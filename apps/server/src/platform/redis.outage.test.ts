import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { NewChat } from '@darsak/domain/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createTutor } from '../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../test/build-test-app.ts';
import { registerUser, validPassword } from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { acked, listen, nextEvent, socketPool } from '../../test/sockets.ts';

// Redis holds caches, limits and fan-out only. A Redis server of the test's own is stopped under a running app:
// sign-in, the tutor list, free times and a password-reset request still answer, from the database and this
// process, promptly; limits still hold (locally); chat on one instance still flows; health reports the
// degradation; and when Redis is started again everything uses it again without a restart.

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
/** Beyond this an answer counts as hung (an unreachable Redis used to hold requests ~10 s, then answer 500). */
const PROMPT_MS = 3000;

async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('redis-server did not start');
}

const stopRedis = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });

/** An answer and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
}

describe.skipIf(!hasRedisServer)('Redis stopped under a running app', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  const sockets = socketPool();
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_SIGN_IN_PER_MINUTE: '40' } });
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
    if (redis.exitCode === null) await stopRedis(redis);
  });

  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
  /** The instance notices a closed or reopened connection within moments, not at once. */
  const healthSays = async (state: 'up' | 'down') => {
    const deadline = Date.now() + 10_000;
    while ((await health()).redis !== state && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  };
  const signIn = (email: string, password = validPassword) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password', payload: { email, password } });

  it('keeps answering from the database and this process, and recovers on its own', async () => {
    const student = await registerUser(t.app);
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const chatPartner = await registerUser(t.app, { role: 'tutor' });
    expect(await health()).toEqual({ ok: true, redis: 'up' });
    const url = await listen(t.app);
    const started = await injectAs(t.app, student.token, {
      method: 'POST',
      url: '/api/v1/chat/new',
      payload: { userId: chatPartner.user.id, message: 'Hello' },
    });
    const roomId = (started.json() as NewChat).room.id;
    const [studentSocket, tutorSocket] = [
      await sockets.connect(url, student.token),
      await sockets.connect(url, chatPartner.token),
    ];

    await stopRedis(redis);
    await healthSays('down');
    expect(await health()).toEqual({ ok: true, redis: 'down', degraded: ['redis'] });

    const calls = {
      signIn: () => signIn(student.user.email),
      tutorList: () => t.app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?page=1&size=10' }),
      freeTimes: () =>
        injectAs(t.app, student.token, {
          method: 'GET',
          url: `/api/v1/availability-slot/free?tutorId=${tutor.id}&durationMinutes=30`,
        }),
      passwordReset: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/confirmation-code/password/send',
          payload: { email: student.user.email },
        }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { answer, ms } = await timed(call);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBeLessThan(300);
      expect(ms, name).toBeLessThan(PROMPT_MS);
    }

    // Chat between two sockets of this instance still flows.
    const delivered = nextEvent(tutorSocket, 'chat:message');
    acked(await studentSocket.emitWithAck('chat:send', { roomId, clientMessageId: 'outage-1', body: 'still here' }));
    expect((await delivered).body).toBe('still here');

    // Limits hold in this process: wrong passwords past the per-client limit are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await signIn(student.user.email, 'wrong-password-1')).statusCode);
    expect(statuses).toContain(429);

    redis = await startRedis(port);
    await healthSays('up');
    expect(await health()).toEqual({ ok: true, redis: 'up' });
    // Back in Redis: the counters are shared again (a new key appears there).
    const other = await registerUser(t.app);
    expect((await signIn(other.user.email)).statusCode).toBe(200);
    const keys = spawnSync('redis-cli', ['-p', String(port), '--scan', '--pattern', '*limits*']).stdout.toString();
    expect(keys.trim()).not.toBe('');
  });
});
