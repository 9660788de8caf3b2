// How many authenticated sockets one server instance holds on this machine, and chat delivery latency between
// two clients at that load: for one instance, and for two instances sharing rooms through Redis.
// Run: node --import tsx bench/realtime.bench.ts   (PostgreSQL and Redis must run locally; figures are printed,
// nothing asserts a time). BENCH_MAX_SOCKETS (default 5000), BENCH_MESSAGES (default 500).
//
// Recorded on the development machine (2 vCPU, 23 GB, Node 20, PostgreSQL 15 and Redis on loopback):
//   one instance:           5000 of 5000 sockets held, 0 errors, connected in 12 s, server RSS 236 → 347 MB;
//                           chat delivery p50 7.9 ms, p99 90 ms (ack p50 8.0 ms, p99 90 ms)
//   two instances + Redis:  5000 held (2500 each), 0 errors, RSS 234 → 300 and 226 → 281 MB;
//                           delivery A → B p50 12.0 ms, p99 104 ms (ack p50 10.5 ms, p99 98 ms)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { NewChat } from '@darsak/domain/chat';
import type { ClientToServerEvents, ServerToClientEvents } from '@darsak/domain/realtime';
import type { SignedIn } from '@darsak/domain/users';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { urlFor } from '../apps/server/test/test-database.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_SOCKETS = Number(process.env.BENCH_MAX_SOCKETS ?? 5000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const USERS = 100;
const BATCH = 250;
const BENCH_DB = 'darsak_bench_realtime';
const PORTS = [3960, 3961];

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  return urlFor(BENCH_DB, DATABASE_URL);
}

/** `main.ts` as production runs it (API and realtime only), in its own process so clients do not share its CPU. */
async function startInstance(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      SERVER_ENV: 'local',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
      LOG_LEVEL: 'warn',
      SERVE_FRONTENDS: 'false',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error(`instance on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const rssMb = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let registered = 0;
const register = (base: string, role: 'student' | 'tutor') =>
  post<SignedIn>(base, '/api/v1/user/', {
    role,
    name: role === 'tutor' ? 'أحمد محمود' : 'Sara Ali',
    email: `bench-${process.pid}-${++registered}@example.com`,
    password: 'secret123',
  });

function connect(base: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(base, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Opens sockets in batches, round-robin over the instances, until the cap or the first failed batch. */
async function fill(bases: string[], tokens: string[]) {
  const sockets: ClientSocket[] = [];
  const errors: string[] = [];
  const started = performance.now();
  while (sockets.length < MAX_SOCKETS && errors.length === 0) {
    const batch = Math.min(BATCH, MAX_SOCKETS - sockets.length);
    const results = await Promise.allSettled(
      Array.from({ length: batch }, (_, i) => {
        const n = sockets.length + i;
        return connect(bases[n % bases.length] ?? '', tokens[n % tokens.length] ?? '');
      }),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else errors.push(String(result.reason));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // Held means still connected after a quiet moment (heartbeats included).
  await new Promise((r) => setTimeout(r, 3000));
  return { sockets, errors, seconds, held: sockets.filter((s) => s.connected).length };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Sends messages one after another and times each from send to arrival on the other client (and to its ack). */
async function chatLatency(sender: ClientSocket, receiver: ClientSocket, roomId: number) {
  const delivery: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const sent = performance.now();
    const arrived = new Promise<number>((resolve) => receiver.once('chat:message', () => resolve(performance.now())));
    const answer = await sender.emitWithAck('chat:send', {
      roomId,
      clientMessageId: `bench-${process.pid}-${i}`,
      body: `m${i}`,
    });
    if (!answer.ok) throw new Error(`send refused: ${answer.code}`);
    ack.push(performance.now() - sent);
    delivery.push((await arrived) - sent);
  }
  const sortedDelivery = delivery.sort((a, b) => a - b);
  const sortedAck = ack.sort((a, b) => a - b);
  return {
    deliveryP50: percentile(sortedDelivery, 50),
    deliveryP99: percentile(sortedDelivery, 99),
    ackP50: percentile(sortedAck, 50),
    ackP99: percentile(sortedAck, 99),
  };
}

async function scenario(name: string, instances: number) {
  const url = await freshDatabase();
  const env = { DATABASE_URL: url, ...(instances > 1 ? { REDIS_URL } : {}) };
  const children: ChildProcess[] = [];
  const sockets: ClientSocket[] = [];
  try {
    for (const port of PORTS.slice(0, instances)) children.push(await startInstance(port, env));
    const bases = PORTS.slice(0, instances).map((port) => `http://127.0.0.1:${port}`);
    const first = bases[0] ?? '';
    const rssBefore = children.map(rssMb);
    const users = await Promise.all(Array.from({ length: USERS }, () => register(first, 'student')));
    const load = await fill(
      bases,
      users.map((u) => u.token),
    );
    sockets.push(...load.sockets);

    const student = await register(first, 'student');
    const tutor = await register(first, 'tutor');
    const { room } = await post<NewChat>(
      first,
      '/api/v1/chat/new',
      { userId: tutor.user.id, message: 'Hello' },
      student.token,
    );
    const sender = await connect(first, student.token);
    const receiver = await connect(bases[bases.length - 1] ?? first, tutor.token);
    sockets.push(sender, receiver);
    const latency = await chatLatency(sender, receiver, room.id);
    const rssAfter = children.map(rssMb);
    return {
      scenario: name,
      'sockets held': load.held,
      'connect s': Number(load.seconds.toFixed(1)),
      'connect errors': load.errors.length,
      'server RSS MB': rssAfter.map((mb, i) => `${rssBefore[i]}→${mb}`).join(', '),
      'delivery p50 ms': Number(latency.deliveryP50.toFixed(2)),
      'delivery p99 ms': Number(latency.deliveryP99.toFixed(2)),
      'ack p50 ms': Number(latency.ackP50.toFixed(2)),
      'ack p99 ms': Number(latency.ackP99.toFixed(2)),
      firstError: load.errors[0]?.slice(0, 80) ?? '',
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const child of children) await stop(child);
  }
}

console.log(
  `up to ${MAX_SOCKETS} sockets (${USERS} users, batches of ${BATCH}), then ${MESSAGES} chat messages one by one; ` +
    `PostgreSQL ${DATABASE_URL.replace(/\/\/.*@/, '//')}`,
);
const rows = [
  await scenario('one instance', 1),
  await scenario('two instances + Redis (sender on A, receiver on B)', 2),
];
console.table(rows);
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
await admin.end();
