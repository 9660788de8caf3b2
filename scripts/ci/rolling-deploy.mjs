// A rolling deploy under load loses nothing (issue 28). Two API instances of the compiled server (apps/server/dist, as
// `npm run build` or `node scripts/build-server.mjs` leaves it) and a job worker, on a fresh PostgreSQL database and
// Redis, behind Caddy running the committed deploy/Caddyfile itself: its balancing, health checks, sticky cookie and
// retries as compose.yaml's proxy runs them, with the instances' loopback ports given through its *_UPSTREAMS and its
// hosts as plain-HTTP loopback addresses. Through the proxy, steady load: signed-in clients that keep the sticky cookie
// as browsers do, reading (GET /api/v1/user/current) and writing (PUT /api/v1/user/:id), and socket.io clients with the
// apps' reconnect settings, half WebSocket first as the apps connect, half long-polling only (the fallback, which
// needs the cookie). Then each instance is replaced in turn as `docker compose up -d --no-deps --wait api-N` does:
// SIGTERM, its exit awaited, a new one started on its ports and awaited ready, and until the proxy sends to it again;
// then the worker. It prints every request and failure, how long sockets were without a connection, and each old
// process's exit, and fails (exit 1) on any failed request, any socket not back within SOCKET_BACK_MS, any stop not
// clean (exit 0) within the drain timeout, a request's id missing from Caddy's access line, or a URL token in any
// process's log.
// Usage: REDIS_URL=… node scripts/ci/rolling-deploy.mjs <PostgreSQL URL to connect to for CREATE DATABASE>
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { parse } from 'yaml';
import { freePort, freshDatabase } from './fresh-database.mjs';

const root = join(import.meta.dirname, '..', '..');
const adminUrl = process.argv[2];
if (!adminUrl || !process.env.REDIS_URL) {
  console.error(
    'usage: REDIS_URL=redis://… node scripts/ci/rolling-deploy.mjs <postgres://… URL to create the database from>',
  );
  process.exit(2);
}
const dist = join(root, 'apps', 'server', 'dist');
if (!existsSync(join(dist, 'main.js'))) {
  console.error(
    'no compiled server in apps/server/dist: run `node scripts/build-server.mjs` (or `npm run build`) first',
  );
  process.exit(2);
}
const caddyVersion = spawnSync('caddy', ['version'], { encoding: 'utf8' });
if (caddyVersion.status !== 0) {
  console.error('caddy is not installed (Debian: apt-get install -y caddy)');
  process.exit(2);
}

const HTTP_CLIENTS = 4;
/** Each HTTP client's pause between requests: about 5 a second each, one in four a write. */
const REQUEST_PAUSE_MS = 200;
/** A request unanswered this long counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;
const SOCKETS = 20;
/** A socket must be connected again this soon after it lost its connection. */
const SOCKET_BACK_MS = 10_000;
/** Load before the first replacement and after the last, and between replacements once all is back. */
const STEADY_MS = 3000;
/** A start takes 1–4 s; a 2-core machine running the test suites beside it has taken 20 s. */
const START_TIMEOUT_MS = 120_000;
/** The whole check takes one to two minutes on a busy 2-core machine: past this it has hung. */
const WATCHDOG_MS = 6 * 60_000;
/** Each stopping process must be gone within the drain timeout the server enforces. */
const DRAIN_TIMEOUT_SECONDS = 20;
/** After compose.yaml's stop_grace_period Docker ends a process with SIGKILL, and so does this script. */
const STOP_GRACE_SECONDS = Number.parseInt(
  parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }).services['api-1'].stop_grace_period,
  10,
);

// The apps' reconnect settings, read from the client package so the two cannot drift.
const clientSource = readFileSync(join(root, 'packages', 'client', 'src', 'realtime', 'realtime-client.ts'), 'utf8');
const reconnectLiteral = /export const RECONNECT_OPTIONS = (\{[^}]*\}) as const;/.exec(clientSource)?.[1];
if (!reconnectLiteral) throw new Error('RECONNECT_OPTIONS not found in packages/client');
const RECONNECT_OPTIONS = Function(`return ${reconnectLiteral}`)();

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/**
 * A process whose output is kept (the last lines, printed if the run fails); what `shown` makes of a line, when
 * anything, is printed as it comes, prefixed with its name.
 */
function start(name, command, args, env, shown = () => undefined) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (line.includes(urlSecret)) secretLoggedBy.add(name);
      if (line.includes('"handled request"')) accessLines.push(line);
      tail.push(line);
      if (tail.length > 40) tail.shift();
      const text = shown(line);
      if (text) console.log(`[${name}] ${text}`);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { name, child, tail, exited };
}

/** The server's log lines about stopping, and its errors; request lines and the start banner stay out. */
const drainLine = (line) => {
  try {
    const { msg, level, ms, err } = JSON.parse(line);
    if (level >= 50 || /^(stopping|stopped|did not stop)/.test(msg)) {
      return `${msg}${ms === undefined ? '' : ` (${ms} ms)`}${err ? `: ${err.message}` : ''}`;
    }
  } catch {}
  return undefined;
};

async function waitFor(what, condition, timeoutMs, alive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what}: the process exited`);
    if (await condition().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${seconds(timeoutMs)}`);
}
const answers = async (url, status = 200) => (await fetch(url)).status === status;

const scratch = mkdtempSync(join(tmpdir(), 'darsak-rolling-'));
const database = freshDatabase(adminUrl, 'darsak_rolling');
/** Every process started, for their last lines if the run fails; `processes` those still to stop. */
const started = [];
const processes = new Set();
const sockets = [];
/** Every socket's lost connections in the order they happened: reason, when, and how long until it was back. */
const outages = [];
let loadRunning = false;
const failures = [];
/** A URL token sent through the proxy once: no process may write it in a log line (docs/operations.md). */
const urlSecret = randomBytes(16).toString('hex');
const secretLoggedBy = new Set();
/** Caddy's access lines: the request sent with the secret must be there, under the id the API answered with. */
const accessLines = [];
const startedAt = performance.now();
const watchdog = setTimeout(async () => {
  console.error(`rolling deploy: still running after ${seconds(WATCHDOG_MS)}, stopped`);
  for (const server of processes) server.child.kill('SIGKILL');
  await database.drop();
  process.exit(1);
}, WATCHDOG_MS);

try {
  const databaseUrl = await database.create();

  const [proxyPort, adminProxyPort, siteProxyPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const instances = await Promise.all(
    ['api-1', 'api-2'].map(async (name) => ({ name, ports: await Promise.all([freePort(), freePort(), freePort()]) })),
  );
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const env = {
    ...process.env,
    SERVER_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: process.env.REDIS_URL,
    REDIS_CACHE_PREFIX: `${database.name}:cache`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_APP_URL: proxy,
    PUBLIC_ADMIN_URL: `http://127.0.0.1:${adminProxyPort}`,
    PUBLIC_SITE_URL: `http://127.0.0.1:${siteProxyPort}`,
    TRUST_PROXY: '1',
    DATA_DIR: join(scratch, 'data'),
    LOG_LEVEL: 'info',
    DRAIN_TIMEOUT_SECONDS: String(DRAIN_TIMEOUT_SECONDS),
  };
  // The API alone: the front ends are built later in CI, and the proxy's admin and site addresses stay unused.
  const apiEnv = ({ ports: [port, adminPort, sitePort] }) => ({
    ...env,
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    SITE_PORT: String(sitePort),
    RUN_JOBS: 'false',
    SERVE_FRONTENDS: 'false',
  });
  const track = (server) => {
    started.push(server);
    processes.add(server);
    return server;
  };
  const startInstance = (instance) =>
    track(start(instance.name, process.execPath, [join(dist, 'main.js')], apiEnv(instance), drainLine));
  const workerPort = String(await freePort());
  const startWorker = () =>
    track(
      start(
        'worker',
        process.execPath,
        [join(dist, 'worker.js')],
        { ...env, SERVE_FRONTENDS: 'false', WORKER_PORT: workerPort },
        drainLine,
      ),
    );
  const ready = (instance, server) =>
    waitFor(
      `${instance.name} ready`,
      () => answers(`http://127.0.0.1:${instance.ports[0]}/api/health/ready`),
      START_TIMEOUT_MS,
      () => isRunning(server.child),
    );

  const migrate = spawnSync(process.execPath, [join(dist, 'migrate.js')], { env, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`the migrate step failed:\n${migrate.stdout}${migrate.stderr}`);
  const servers = new Map(instances.map((instance) => [instance.name, startInstance(instance)]));
  let worker = startWorker();
  await Promise.all(instances.map((instance) => ready(instance, servers.get(instance.name))));

  // The committed Caddyfile, imported as it is; only Caddy's own admin endpoint is off and its files kept here.
  const caddyfile = join(scratch, 'Caddyfile');
  writeFileSync(caddyfile, `{\n\tadmin off\n}\n\nimport ${join(root, 'deploy', 'Caddyfile')}\n`);
  mkdirSync(join(scratch, 'caddy'));
  const upstreams = (index) => instances.map(({ ports }) => `127.0.0.1:${ports[index]}`).join(' ');
  const caddy = track(
    start('caddy', 'caddy', ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      ...process.env,
      XDG_CONFIG_HOME: join(scratch, 'caddy'),
      XDG_DATA_HOME: join(scratch, 'caddy'),
      APP_HOST: proxy,
      ADMIN_HOST: env.PUBLIC_ADMIN_URL,
      SITE_HOST: env.PUBLIC_SITE_URL,
      APP_UPSTREAMS: upstreams(0),
      ADMIN_UPSTREAMS: upstreams(1),
      SITE_UPSTREAMS: upstreams(2),
      // The block that only fetches coturn's certificate: here a loopback port by HTTP, so nothing is fetched.
      TURN_HOST: `http://127.0.0.1:${await freePort()}`,
    }),
  );
  await waitFor(
    'the proxy answering',
    () => answers(`${proxy}/api/health/ready`),
    30_000,
    () => isRunning(caddy.child),
  );

  // One request id from Caddy's access line to the API's answer, and URL credentials in neither log.
  const probe = await fetch(`${proxy}/api/v1/invite/token/${urlSecret}?access_token=${urlSecret}`);
  const probeId = probe.headers.get('x-request-id');
  await waitFor(
    "Caddy's access line of a request, naming the id the API answered with",
    async () => probeId !== null && accessLines.some((line) => line.includes(`"X-Request-Id":["${probeId}"]`)),
    10_000,
  );

  // A super admin made by the compiled staff:create, signed in through the proxy: the load's account.
  const email = 'owner@darsak.test';
  const password = `${randomBytes(12).toString('base64url')}a1`;
  const staff = spawnSync(process.execPath, [join(dist, 'staff-create.js'), '--email', email, '--name', 'Mona Adel'], {
    env: { ...apiEnv(instances[0]), STAFF_PASSWORD: password },
    encoding: 'utf8',
  });
  if (staff.status !== 0) throw new Error(`staff:create failed:\n${staff.stdout}${staff.stderr}`);
  const signIn = await fetch(`${proxy}/api/v1/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`the load's account could not sign in (${signIn.status})`);
  const { token, user } = await signIn.json();

  // Caddy's sticky cookie names an instance by an HMAC-SHA256 of its address (no secret set): which one served.
  const cookieOf = (instance) => createHmac('sha256', '').update(`127.0.0.1:${instance.ports[0]}`).digest('hex');
  const instanceOfCookie = new Map(instances.map((instance) => [cookieOf(instance), instance.name]));

  // HTTP load: each client keeps its cookie, as a browser does.
  const requests = [];
  loadRunning = true;
  const httpClient = async (index) => {
    let cookie;
    for (let n = 0; loadRunning; n++) {
      const write = n % 4 === 3;
      const method = write ? 'PUT' : 'GET';
      const path = write ? `/api/v1/user/${user.id}` : '/api/v1/user/current';
      const record = { route: `${method} ${write ? '/api/v1/user/:id' : path}`, at: performance.now() };
      try {
        const response = await fetch(`${proxy}${path}`, {
          method,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          headers: {
            authorization: `Bearer ${token}`,
            ...(write ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
          },
          ...(write ? { body: JSON.stringify({ job: `load ${index}-${n}` }) } : {}),
        });
        cookie =
          response.headers
            .getSetCookie()
            .find((c) => c.startsWith('darsak_instance='))
            ?.split(';')[0] ?? cookie;
        await response.arrayBuffer();
        record.status = response.status;
        record.instance = instanceOfCookie.get(cookie?.split('=')[1]);
      } catch (error) {
        record.error = error.cause?.code ?? error.message;
      }
      requests.push(record);
      await sleep(REQUEST_PAUSE_MS);
    }
  };
  const load = Array.from({ length: HTTP_CLIENTS }, (_, index) => httpClient(index));

  // Socket load: each socket's time without a connection, from losing it to being connected and answering again.
  const connectSocket = (index) =>
    new Promise((resolve, reject) => {
      const socket = io(proxy, {
        ...RECONNECT_OPTIONS,
        auth: { token },
        transports: index % 2 === 0 ? ['websocket', 'polling'] : ['polling'],
        withCredentials: true, // Node's client keeps cookies only so: the sticky one, for the polling fallback
        forceNew: true,
      });
      const record = { socket, lost: undefined };
      socket.on('disconnect', (reason) => {
        record.lost = { reason, at: performance.now() };
        outages.push(record.lost);
      });
      socket.on('connect', async () => {
        const answer = await socket
          .timeout(5000)
          .emitWithAck('channel:subscribe', { channel: 'tutors' })
          .catch((e) => e);
        if (!answer?.ok)
          failures.push(`socket ${index}: no answer after connecting (${answer?.message ?? answer?.code})`);
        if (record.lost) record.lost.ms = performance.now() - record.lost.at;
        record.lost = undefined;
        resolve(record);
      });
      socket.once('connect_error', (error) => (socket.active ? undefined : reject(error)));
    });
  sockets.push(...(await Promise.all(Array.from({ length: SOCKETS }, (_, index) => connectSocket(index)))));
  await sleep(STEADY_MS);

  /** Polls the proxy without a cookie until it picks `instance`: the proxy sends to it again. */
  const inProxy = (instance) =>
    waitFor(
      `${instance.name} back in the proxy`,
      async () => {
        const response = await fetch(`${proxy}/api/health/live`);
        const cookie = response.headers.getSetCookie().find((c) => c.startsWith('darsak_instance='));
        return cookie?.split(';')[0].split('=')[1] === cookieOf(instance);
      },
      30_000,
    );
  const socketsBack = () =>
    waitFor('every socket connected again', async () => sockets.every((s) => !s.lost), SOCKET_BACK_MS);

  const replacements = [];
  /** SIGTERM, as docker compose stops a container; the time to its exit and its code. */
  const stop = async (server) => {
    const sentAt = performance.now();
    server.child.kill('SIGTERM');
    const grace = setTimeout(() => server.child.kill('SIGKILL'), STOP_GRACE_SECONDS * 1000);
    const code = await server.exited;
    clearTimeout(grace);
    processes.delete(server);
    const ms = performance.now() - sentAt;
    if (code !== 0) failures.push(`${server.name} exited ${code} on SIGTERM (not a clean drain)`);
    if (ms > DRAIN_TIMEOUT_SECONDS * 1000) failures.push(`${server.name} took ${seconds(ms)} to stop`);
    return { code, ms };
  };
  for (const instance of instances) {
    const outagesBefore = outages.length;
    console.log(`\n> replacing ${instance.name} (SIGTERM, then a new one on its ports)`);
    const stopped = await stop(servers.get(instance.name));
    const startAt = performance.now();
    const fresh = startInstance(instance);
    servers.set(instance.name, fresh);
    await ready(instance, fresh);
    const readyMs = performance.now() - startAt;
    await inProxy(instance);
    const inProxyMs = performance.now() - startAt - readyMs;
    await socketsBack();
    const moved = outages.slice(outagesBefore);
    replacements.push({ name: instance.name, stopped, readyMs, inProxyMs, moved });
    await sleep(STEADY_MS);
  }
  console.log('\n> replacing the worker (SIGTERM, then a new one)');
  const workerStopped = await stop(worker);
  worker = startWorker();
  await waitFor(
    'the new worker running jobs',
    async () => worker.tail.some((l) => l.includes('worker running jobs')),
    START_TIMEOUT_MS,
    () => isRunning(worker.child),
  );
  await sleep(STEADY_MS);
  loadRunning = false;
  await Promise.all(load);

  // The figures.
  const failed = requests.filter((r) => r.error || r.status !== 200);
  const byRoute = Object.entries(Object.groupBy(requests, (r) => r.route)).map(
    ([route, list]) => `${route} ${list.length}`,
  );
  const byInstance = Object.entries(Object.groupBy(requests, (r) => r.instance ?? 'unknown')).map(
    ([name, list]) => `${name} ${list.length}`,
  );
  const loadSeconds = (requests.at(-1).at - requests[0].at) / 1000;
  console.log(
    `\nrolling deploy behind Caddy ${caddyVersion.stdout.trim().split(' ')[0]} (deploy/Caddyfile), ` +
      `${HTTP_CLIENTS} HTTP clients, ${SOCKETS} sockets (${SOCKETS / 2} WebSocket first, ${SOCKETS / 2} polling only)`,
  );
  console.log(
    `  requests: ${requests.length} in ${loadSeconds.toFixed(0)} s (${(requests.length / loadSeconds).toFixed(1)}/s: ` +
      `${byRoute.join(', ')}; served by ${byInstance.join(', ')}), failed ${failed.length}`,
  );
  for (const request of failed.slice(0, 20)) {
    console.log(`    failed: ${request.route} ${request.error ?? request.status} (via ${request.instance ?? '?'})`);
  }
  for (const { name, stopped, readyMs, inProxyMs, moved } of replacements) {
    const times = moved.map((o) => o.ms).sort((a, b) => a - b);
    const reasons = Object.entries(Object.groupBy(moved, (o) => o.reason)).map(([r, list]) => `${list.length} ${r}`);
    console.log(
      `  ${name}: exit ${stopped.code} ${seconds(stopped.ms)} after SIGTERM; the new one ready in ${seconds(readyMs)}, ` +
        `in the proxy ${seconds(inProxyMs)} later; ${moved.length} sockets moved (${reasons.join(', ') || 'none'}), ` +
        `back within ${moved.length ? `${seconds(times.at(-1))} (median ${seconds(times[Math.floor(times.length / 2)])})` : '-'}`,
    );
  }
  console.log(`  worker: exit ${workerStopped.code} ${seconds(workerStopped.ms)} after SIGTERM`);
  if (failed.length > 0) failures.push(`${failed.length} requests failed`);
  const late = outages.filter((o) => !(o.ms <= SOCKET_BACK_MS));
  if (late.length > 0) failures.push(`${late.length} sockets not back within ${seconds(SOCKET_BACK_MS)}`);
  const outside = outages.length - replacements.reduce((n, r) => n + r.moved.length, 0);
  if (outside > 0) failures.push(`${outside} socket disconnections outside the replacements`);
  if (replacements.some((r) => r.moved.length === 0))
    failures.push('an instance was replaced without any socket on it');
  if (secretLoggedBy.size > 0) failures.push(`a URL token was logged by ${[...secretLoggedBy].join(', ')}`);
  else
    console.log(
      `  logs: one request id from Caddy's access line to the API; no URL token in ${accessLines.length} access ` +
        "lines or the servers' logs",
    );
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  loadRunning = false;
  for (const { socket } of sockets) socket.close();
  for (const server of processes) if (isRunning(server.child)) server.child.kill('SIGKILL');
  if (failures.length > 0) {
    for (const server of started) console.log(`\n--- last lines of ${server.name} ---\n${server.tail.join('\n')}`);
  }
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
  clearTimeout(watchdog);
}
console.log(`rolling deploy check took ${seconds(performance.now() - startedAt)}`);
if (failures.length > 0) {
  console.error(`rolling deploy: ${failures.join('; ')}`);
  process.exit(1);
}
