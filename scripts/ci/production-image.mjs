// The production image's steps without Docker, read from the Dockerfile so the two cannot drift: its RUN steps
// (npm ci, the build) in a clean copy of the work tree, then its CMD with the final stage's ENV, in production
// mode against a fresh PostgreSQL database, until /api/health answers; then it stops the server and drops the
// database. Also checks that the base image runs the Node that npm scripts run (package.json). With REDIS_URL set,
// the server joins that Redis (under a prefix of its own), so the build's Redis path is proven too.
// Usage: [REDIS_URL=…] node scripts/ci/production-image.mjs <PostgreSQL URL to connect to for CREATE DATABASE>
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..', '..');
const adminUrl = process.argv[2];
if (!adminUrl) {
  console.error('usage: node scripts/ci/production-image.mjs <postgres://… URL to create the database from>');
  process.exit(2);
}

/** The Dockerfile's instructions by stage: the base image, ENV, RUN steps, and the final CMD. */
function readDockerfile(path) {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [, instruction, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (instruction === 'FROM') stages.push({ image: args.split(/\s+/)[0], env: {}, steps: [] });
    const stage = stages.at(-1);
    if (instruction === 'ENV') {
      for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) stage.env[key] = value.replace(/^"|"$/g, '');
    }
    if (instruction === 'RUN') stage.steps.push(args);
    if (instruction === 'CMD') stage.cmd = JSON.parse(args);
  }
  return stages;
}

/** The files a `docker build` of this tree sees: tracked and untracked, less what git ignores. */
function copyWorkTree(to) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter((f) => f && existsSync(join(root, f)))) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(root, file), join(to, file));
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

async function waitForAnswers(urls, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0 && Date.now() < deadline && isRunning(server)) {
    for (const url of pending) {
      try {
        if ((await fetch(url)).ok) pending.delete(url);
      } catch {}
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 500));
  }
  return [...pending];
}

const stages = readDockerfile(join(root, 'Dockerfile'));
const runtime = stages.at(-1);
// Production runs what the build compiled (issue 14): a transpiler in the CMD would be start-up time paid again.
if (runtime.cmd.some((arg) => /\btsx\b|ts-node|\.tsx?$/.test(arg))) {
  console.error(`the Dockerfile's CMD runs TypeScript (${runtime.cmd.join(' ')}): run the compiled build instead`);
  process.exit(1);
}
const app = mkdtempSync(join(tmpdir(), 'darsak-image-'));
// Inside the image `node` is the base image's; here it is the one package.json brings (node_modules/.bin).
const path = `${join(app, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`;
const database = `darsak_image_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
let server;
let failure = '';

try {
  copyWorkTree(app);
  for (const stage of stages) {
    for (const step of stage.steps) {
      console.log(`\n> RUN ${step}  (${stage.image})`);
      const run = spawnSync('sh', ['-c', step], {
        cwd: app,
        stdio: 'inherit',
        env: { ...process.env, ...stage.env, PATH: path },
      });
      if (run.status !== 0) throw new Error(`the Dockerfile step "${step}" failed`);
    }
  }

  const nodeVersion = spawnSync('node', ['-p', 'process.versions.node'], {
    env: { ...process.env, PATH: path },
    encoding: 'utf8',
  }).stdout.trim();
  const imageVersion = /^node:(\d+(?:\.\d+)*)/.exec(runtime.image)?.[1];
  if (!imageVersion || !`${nodeVersion}.`.startsWith(`${imageVersion}.`)) {
    throw new Error(
      `the Dockerfile's base image ${runtime.image} does not run Node ${nodeVersion}, the one npm scripts run`,
    );
  }

  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  const [port, adminPort, sitePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const env = {
    ...process.env,
    ...runtime.env,
    PATH: path,
    HOST: '127.0.0.1', // the image listens on every interface; a CI machine keeps it to loopback
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    SITE_PORT: String(sitePort),
    DATABASE_URL: databaseUrl.href,
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_CACHE_PREFIX: `${database}:cache`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    PUBLIC_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
    PUBLIC_SITE_URL: `http://127.0.0.1:${sitePort}`,
  };
  const [command, ...args] = runtime.cmd;
  console.log(`\n> CMD ${runtime.cmd.join(' ')}  (Node ${nodeVersion}, SERVER_ENV=${env.SERVER_ENV}, port ${port})`);
  server = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const silent = await waitForAnswers(
    [
      `${env.PUBLIC_APP_URL}/api/health`,
      `${env.PUBLIC_APP_URL}/`,
      `${env.PUBLIC_ADMIN_URL}/`,
      `${env.PUBLIC_SITE_URL}/`,
    ],
    server,
    120_000,
  );
  if (silent.length > 0) throw new Error(`the production server did not answer ${silent.join(', ')}`);
  console.log(
    `production server answered /api/health and served the three built front ends${env.REDIS_URL ? ', on Redis' : ''}`,
  );
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  if (server && isRunning(server)) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    if (code !== 0) failure ||= `the production server did not stop cleanly on SIGTERM (exit ${code})`;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch {}
  await admin.end().catch(() => {});
  rmSync(app, { recursive: true, force: true });
}
if (failure) {
  console.error(`production image steps: ${failure}`);
  process.exit(1);
}
