// How many authenticated sockets one server instance holds, what each costs in memory, and chat delivery latency
// with many people writing at once: for one instance, and for two instances sharing rooms through Redis.
// Run: npm run bench:realtime   (raises the open-file limit to the hard one; PostgreSQL and Redis must run locally;
// figures are printed, nothing asserts a time).
//   BENCH_MAX_SOCKETS (10000)   sockets to open, two per user (two tabs), in batches per client process
//   BENCH_SENDERS (1000)        people writing during the chat phase, each in a room of their own with a tutor
//   BENCH_SEND_EVERY_MS (3000)  how often each of them sends (first send at a random moment of the period)
//   BENCH_CHAT_SECONDS (30)     length of the chat phase
//   BENCH_CLIENTS (3)           client processes (the clients must not be what is measured on 2 cores)
//   BENCH_INSTANCES (1,2)       which scenarios to run: 1 = one instance, 2 = two instances + Redis
//   BENCH_PROFILE_DIR           writes the servers' CPU profiles there (--cpu-prof; bench/profile-summary.ts)
//   BENCH_ENTRY (compiled)      the server as production runs it (npm run build first), or tsx: its sources
// Users, sessions and rooms are written straight into the bench's database and the tokens signed with the
// server's signer: registering 5,000 people through argon2id would take minutes and measure nothing here.
// Delivery is timed from send to arrival on every other socket of the room's two people (the tutor's two, the
// sender's second), so sender and receivers live in the same client process and share its clock.
//
// Recorded on the development machine (2 vCPU shared with other sessions, tsx, PostgreSQL 15, Redis; load average
// of the minute in brackets; docs/performance.md, "Sockets", has the table and the profiles):
//   before (a transaction per send, 80a8d0b) [16]: 10,000 held; 22 KB RSS and 20 KB heap per socket; 169 of 333
//     messages/s acknowledged, delivery p50 25.8 s, p99 38.4 s, half the sends refused after 30 s
//   one statement for the sends that arrive together [8]: 10,000 held; 21 KB RSS, 20 KB heap per socket; 327/s,
//     delivery p50 772 ms, p99 3.8 s (ack p50 857 ms, p99 4.1 s); again, profiled [10]: 331/s, delivery p50 52 ms,
//     p99 1.2 s (ack p50 59 ms, p99 1.2 s)
//   two instances + Redis, the same [13]: 10,000 held (5,000 each); 22 KB RSS, 20 KB heap per socket; 332/s,
//     delivery p50 58 ms, p99 737 ms (ack p50 55 ms, p99 695 ms)
//   a quiet, faster machine, compiled build [1.3]: 10,000 held; 18–19 KB RSS, 16 KB heap per socket; 333/s,
//     delivery p50 3–4 ms, p99 45–46 ms in two runs (tsx: p99 30 ms); two instances + Redis: p50 5 ms, p99 93 ms
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { ChatMessage } from '@darsak/domain/chat';
import type { ClientToServerEvents, ServerToClientEvents } from '@darsak/domain/realtime';
import { Role } from '@darsak/domain/users';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createTokenSigner } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { urlFor } from '../apps/server/test/test-database.ts';
import { SERVER_ENTRY } from './support.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const ENTRY = (process.env.BENCH_ENTRY ?? 'compiled') as keyof typeof SERVER_ENTRY;
if (!(ENTRY in SERVER_ENTRY)) throw new Error(`BENCH_ENTRY: one of ${Object.keys(SERVER_ENTRY).join(', ')}`);
if (ENTRY === 'compiled' && !existsSync('apps/server/dist/main.js')) {
  throw new Error('no apps/server/dist/main.js: run npm run build first, or set BENCH_ENTRY=tsx');
}

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_SOCKETS = Number(process.env.BENCH_MAX_SOCKETS ?? 10_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 1000);
const SEND_EVERY_MS = Number(process.env.BENCH_SEND_EVERY_MS ?? 3000);
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 3);
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SOCKETS_PER_USER = 2;
const BATCH = 100;
const BENCH_DB = 'darsak_bench_realtime';
const PORTS = [3960, 3961];
const inspectorPort = (port: number) => port + 100;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256!!';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** A pause before each reading, so the memory read is of the state being measured, not of its way there. */
const SAMPLE_WAIT_MS = 6000;

/** One socket to open: whose, and on which instance. */
interface SocketPlan {
  userId: number;
  token: string;
  base: string;
}
/** What a client process does: its sockets (every socket of its users) and the rooms whose student writes. */
interface ClientPlan {
  sockets: SocketPlan[];
  rooms: { roomId: number; senderId: number }[];
}
type ToClient =
  | { kind: 'connect'; plan: ClientPlan }
  | { kind: 'chat'; seconds: number; everyMs: number }
  | { kind: 'close' };
type FromClient =
  | { kind: 'ready' }
  | { kind: 'connected'; opened: number; held: number; errors: number; firstError: string }
  | { kind: 'chatted'; sent: number; refused: number; firstRefusal: string; delivery: number[]; ack: number[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

// ---------------------------------------------------------------------------------------------------------------
// Client process: opens its sockets, then sends and times messages when told.

function connect({ base, token }: SocketPlan): Promise<ClientSocket> {
  const socket: ClientSocket = io(base, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function runClient() {
  const send = (message: FromClient) => process.send?.(message);
  const socketsOf = new Map<number, ClientSocket[]>();
  const all: ClientSocket[] = [];
  let plan: ClientPlan = { sockets: [], rooms: [] };
  let delivery: number[] | undefined;

  async function open() {
    let errors = 0;
    let firstError = '';
    for (let i = 0; i < plan.sockets.length; i += BATCH) {
      const batch = plan.sockets.slice(i, i + BATCH);
      const results = await Promise.allSettled(batch.map(connect));
      for (const [j, result] of results.entries()) {
        if (result.status === 'rejected') {
          errors++;
          firstError ||= String(result.reason).slice(0, 80);
          continue;
        }
        const socket = result.value;
        const userId = batch[j]?.userId ?? 0;
        socketsOf.set(userId, [...(socketsOf.get(userId) ?? []), socket]);
        all.push(socket);
        // The body carries the send time of this process's clock.
        socket.on('chat:message', (message: ChatMessage) => delivery?.push(performance.now() - Number(message.body)));
      }
    }
    await sleep(3000); // held means still connected after a quiet moment
    send({
      kind: 'connected',
      opened: all.length,
      held: all.filter((s) => s.connected).length,
      errors,
      firstError,
    });
  }

  async function chat(seconds: number, everyMs: number) {
    const received: number[] = [];
    const ack: number[] = [];
    delivery = received;
    let sent = 0;
    let refused = 0;
    let firstRefusal = '';
    const until = performance.now() + seconds * 1000;
    const pending: Promise<void>[] = [];
    const sendOne = async (socket: ClientSocket, roomId: number, n: number) => {
      const at = performance.now();
      sent++;
      try {
        const answer = await socket
          .timeout(30_000)
          .emitWithAck('chat:send', { roomId, clientMessageId: `b-${roomId}-${n}`, body: String(at) });
        if (answer.ok) ack.push(performance.now() - at);
        else {
          refused++;
          firstRefusal ||= answer.code;
        }
      } catch (error) {
        refused++;
        firstRefusal ||= String(error).slice(0, 80);
      }
    };
    const writers = plan.rooms.map(async ({ roomId, senderId }) => {
      const socket = socketsOf.get(senderId)?.[0];
      if (!socket) return;
      await sleep(Math.random() * everyMs);
      for (let n = 0; performance.now() < until; n++) {
        pending.push(sendOne(socket, roomId, n));
        await sleep(everyMs);
      }
    });
    await Promise.all(writers);
    await Promise.all(pending);
    await sleep(2000); // the last deliveries
    delivery = undefined;
    send({ kind: 'chatted', sent, refused, firstRefusal, delivery: received, ack });
  }

  process.on('message', (message: ToClient) => {
    if (message.kind === 'connect') {
      plan = message.plan;
      void open();
    } else if (message.kind === 'chat') void chat(message.seconds, message.everyMs);
    else {
      for (const socket of all) socket.close();
      process.exit(0);
    }
  });
  send({ kind: 'ready' });
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestrator: the database, the servers, the plan, the figures.

/** Refuses to start when this process (and so the servers and clients it starts) may not open enough files. */
function checkOpenFileLimit() {
  const soft = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
  const needed = MAX_SOCKETS + 500;
  if (soft && soft < needed)
    throw new Error(`open-file limit ${soft} < ${needed}: run through \`npm run bench:realtime\` or raise ulimit -n`);
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  return urlFor(BENCH_DB, DATABASE_URL);
}

/** The server as production runs it (API and realtime only), in its own process so clients do not share its CPU. */
async function startInstance(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn('node', [...profile, `--inspect=127.0.0.1:${inspectorPort(port)}`, ...SERVER_ENTRY[ENTRY]], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      SERVER_ENV: 'local',
      JWT_SECRET,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      SERVE_FRONTENDS: 'false',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error(`instance on ${port} did not start`);
    await sleep(100);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Asks the server's inspector for one result: garbage collected first, so the heap is what is still held. */
async function inspect(port: number, expression: string): Promise<string> {
  const [target] = (await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json())) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target?.webSocketDebuggerUrl ?? '');
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const answer = new Promise<string>((resolve) => {
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: { result?: { value?: string } } };
      if (message.id === 2) resolve(message.result?.result?.value ?? '');
    };
  });
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  socket.send(JSON.stringify({ id: 2, method: 'Runtime.evaluate', params: { expression } }));
  const value = await answer;
  socket.close();
  return value;
}

/**
 * Resident memory and V8's used heap after a full collection (MB), and the event loop's p99 delay since the last
 * reading (prom-client's lag histogram, reset at each scrape): over the phase just measured.
 */
async function memoryOf(port: number) {
  await inspect(inspectorPort(port), '0'); // the pages a first collection frees leave the RSS a moment later
  await sleep(1000);
  const used = JSON.parse(await inspect(inspectorPort(port), 'JSON.stringify(process.memoryUsage())')) as {
    rss: number;
    heapUsed: number;
  };
  const metrics = await fetch(`http://127.0.0.1:${port}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((r) => r.text());
  // prom-client's event-loop lag: its p99 since the last scrape.
  const loopP99 = Number(/^nodejs_eventloop_lag_p99_seconds ([\d.e-]+)$/m.exec(metrics)?.[1] ?? 0) * 1000;
  return { rss: used.rss / 2 ** 20, heap: used.heapUsed / 2 ** 20, loopP99 };
}

/**
 * Users (half students, half tutors), one live session each and a signed token, and one general room per writing
 * student with a tutor of the same client process: written in a few set-based statements.
 */
async function seed(url: string, users: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: added } = await db.query<{ id: number; role: number }>(
      `insert into users (role, name, email)
       select case when g % 2 = 0 then $2::smallint else $3::smallint end, 'Bench ' || g, 'bench-' || g || '@bench.test'
       from generate_series(0, $1::int - 1) g
       returning id, role`,
      [users, Role.student, Role.tutor],
    );
    const { rows: sessions } = await db.query<{ id: number; sid: string }>(
      `insert into auth_sessions (user_id, expires_at) select id, now() + interval '1 day' from unnest($1::int[]) id
       returning user_id as id, id as sid`,
      [added.map((r) => r.id)],
    );
    const roleOf = new Map(added.map((r) => [r.id, r.role]));
    const rows = sessions.map((s) => ({ ...s, role: roleOf.get(s.id) ?? 0 }));
    const signer = createTokenSigner(JWT_SECRET);
    const now = new Date();
    const people = await Promise.all(
      rows
        .sort((a, b) => a.id - b.id)
        .map(async (r) => ({ ...r, token: await signer.sign({ id: r.id, sid: r.sid }, now, 86_400) })),
    );
    return { people, db };
  } catch (error) {
    await db.end();
    throw error;
  }
}

/** Deals users to client processes (all sockets of a user in one), and pairs writing students with tutors there. */
async function planClients(db: pg.Client, people: { id: number; role: number; token: string }[], bases: string[]) {
  const plans: ClientPlan[] = Array.from({ length: CLIENTS }, () => ({ sockets: [], rooms: [] }));
  const pairs: [number, number, number][] = []; // student, tutor, client
  for (const [i, person] of people.entries()) {
    const client = Math.floor(i / 2) % CLIENTS; // a student and the tutor after them go to the same process
    for (let s = 0; s < SOCKETS_PER_USER; s++)
      plans[client]?.sockets.push({ userId: person.id, token: person.token, base: bases[s % bases.length] ?? '' });
    const tutor = people[i + 1];
    if (person.role === Role.student && tutor?.role === Role.tutor && pairs.length < SENDERS)
      pairs.push([person.id, tutor.id, client]);
  }
  const { rows } = await db.query<{ id: number; direct_key: string }>(
    `insert into chat_rooms (type, direct_key, created_by)
     select 'general', s || ':' || t, s from unnest($1::int[], $2::int[]) as p(s, t)
     returning id, direct_key`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  await db.query(
    `insert into room_members (room_id, user_id)
     select id, split_part(direct_key, ':', 1)::int from chat_rooms
     union all select id, split_part(direct_key, ':', 2)::int from chat_rooms`,
  );
  const roomOf = new Map(rows.map((r) => [r.direct_key, r.id]));
  for (const [student, tutor, client] of pairs)
    plans[client]?.rooms.push({ roomId: roomOf.get(`${student}:${tutor}`) ?? 0, senderId: student });
  return plans;
}

/** Starts the client processes and waits until each listens for orders. */
async function startClients(): Promise<ChildProcess[]> {
  const clients = Array.from({ length: CLIENTS }, () =>
    fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_CLIENT: '1' } }),
  );
  await Promise.all(clients.map((client) => new Promise((resolve) => client.once('message', resolve))));
  return clients;
}

/** Sends each client its order and waits for every answer of the given kind. */
function ask<K extends FromClient['kind']>(
  clients: ChildProcess[],
  order: (i: number) => ToClient,
  kind: K,
): Promise<Extract<FromClient, { kind: K }>[]> {
  return Promise.all(
    clients.map(
      (client, i) =>
        new Promise<Extract<FromClient, { kind: K }>>((resolve) => {
          const listener = (message: FromClient) => {
            if (message.kind !== kind) return;
            client.off('message', listener);
            resolve(message as Extract<FromClient, { kind: K }>);
          };
          client.on('message', listener);
          client.send(order(i));
        }),
    ),
  );
}

const mb = (n: number) => Math.round(n);

async function scenario(name: string, instances: number) {
  const url = await freshDatabase();
  const env = { DATABASE_URL: url, ...(instances > 1 ? { REDIS_URL } : {}) };
  const ports = PORTS.slice(0, instances);
  const servers: ChildProcess[] = [];
  let clients: ChildProcess[] = [];
  try {
    for (const port of ports) servers.push(await startInstance(port, env));
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const { people, db } = await seed(url, Math.ceil(MAX_SOCKETS / SOCKETS_PER_USER));
    const plans = await planClients(db, people, bases);
    await db.end();
    clients = await startClients();
    await sleep(SAMPLE_WAIT_MS);
    const before = await Promise.all(ports.map(memoryOf));

    const connectStarted = performance.now();
    const connected = await ask(
      clients,
      (i) => ({ kind: 'connect', plan: plans[i] ?? { sockets: [], rooms: [] } }),
      'connected',
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000 - 3;
    await sleep(SAMPLE_WAIT_MS);
    const held = connected.reduce((n, c) => n + c.held, 0);
    const withSockets = await Promise.all(ports.map(memoryOf));

    const load = loadavg()[0] ?? 0;
    const chats = await ask(
      clients,
      () => ({ kind: 'chat', seconds: CHAT_SECONDS, everyMs: SEND_EVERY_MS }),
      'chatted',
    );
    const afterChat = await Promise.all(ports.map(memoryOf));
    const delivery = chats.flatMap((c) => c.delivery).sort((a, b) => a - b);
    const ack = chats.flatMap((c) => c.ack).sort((a, b) => a - b);
    const sent = chats.reduce((n, c) => n + c.sent, 0);
    const refused = chats.reduce((n, c) => n + c.refused, 0);
    const rss = (i: number) =>
      `${mb(before[i]?.rss ?? 0)}→${mb(withSockets[i]?.rss ?? 0)}→${mb(afterChat[i]?.rss ?? 0)}`;
    const heap = (i: number) =>
      `${mb(before[i]?.heap ?? 0)}→${mb(withSockets[i]?.heap ?? 0)}→${mb(afterChat[i]?.heap ?? 0)}`;
    const grown = (key: 'rss' | 'heap') =>
      withSockets.reduce((n, m, i) => n + m[key] - (before[i]?.[key] ?? 0), 0) * 1024;
    return {
      scenario: name,
      'sockets held': held,
      'connect s': Number(connectSeconds.toFixed(1)),
      'connect errors': connected.reduce((n, c) => n + c.errors, 0),
      'RSS MB (idle→sockets→chat)': servers.map((_, i) => rss(i)).join(', '),
      'heap MB (idle→sockets→chat)': servers.map((_, i) => heap(i)).join(', '),
      'KB/socket RSS': Math.round(grown('rss') / Math.max(held, 1)),
      'KB/socket heap': Math.round(grown('heap') / Math.max(held, 1)),
      'messages sent': sent,
      refused,
      'msg/s': Math.round((sent - refused) / CHAT_SECONDS),
      deliveries: `${delivery.length} of ${(sent - refused) * 3}`,
      'delivery p50 ms': Number(percentile(delivery, 50).toFixed(1)),
      'delivery p99 ms': Number(percentile(delivery, 99).toFixed(1)),
      'ack p50 ms': Number(percentile(ack, 50).toFixed(1)),
      'ack p99 ms': Number(percentile(ack, 99).toFixed(1)),
      'loop delay p99 ms (chat)': afterChat.map((m) => m.loopP99.toFixed(0)).join(', '),
      'load avg': load.toFixed(1),
      firstError:
        connected.find((c) => c.firstError)?.firstError ?? chats.find((c) => c.firstRefusal)?.firstRefusal ?? '',
    };
  } finally {
    for (const client of clients) client.send({ kind: 'close' } satisfies ToClient);
    await Promise.all(clients.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    for (const server of servers) await stop(server);
  }
}

async function runOrchestrator() {
  checkOpenFileLimit();
  console.log(
    `${MAX_SOCKETS} sockets (${SOCKETS_PER_USER} per user, ${CLIENTS} client processes, batches of ${BATCH}), then ` +
      `${SENDERS} people writing one message every ${SEND_EVERY_MS} ms for ${CHAT_SECONDS} s; ${cpus().length} CPUs, ` +
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; PostgreSQL ${DATABASE_URL.replace(/\/\/.*@/, '//')}`,
  );
  const rows = [];
  if (INSTANCES.includes(1)) rows.push(await scenario('one instance', 1));
  if (INSTANCES.includes(2)) rows.push(await scenario('two instances + Redis (sockets of a user on both)', 2));
  for (const row of rows) console.table(Object.entries(row).map(([figure, value]) => ({ figure, value })));
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.end();
}

if (process.env.BENCH_CLIENT) runClient();
else await runOrchestrator();
