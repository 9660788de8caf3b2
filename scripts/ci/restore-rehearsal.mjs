// The restore rehearsal of docs/operations.md ("Backups"): compose.yaml's backups, proven on this machine without
// Docker. A private PostgreSQL cluster (initdb into a temporary folder, a free port, run as the postgres user when
// this runs as root, which initdb refuses) gets compose.yaml's WAL archiving settings, and pgBackRest gets
// deploy/postgres/pgbackrest.conf and the bucket settings compose.yaml makes of .env: both are read from those files,
// so the rehearsal cannot drift from them. The bucket is in an S3-compatible store on this machine (s3rver, behind TLS
// with a throwaway certificate that pgBackRest verifies). The project's migrations, a full backup and the backup
// service's health check; after the backup a payment (a row of `transactions`), the time noted, a second payment; the
// cluster destroyed; the runbook's `pgbackrest restore --type=time` to the noted time into an empty folder, and
// PostgreSQL started on it: the first payment must be there, the second not, and the database must take writes.
// Prints the backup's and the restore's durations and the sizes; exits 1 on any mismatch.
// Needs Debian's `pgbackrest` and `jq` and PostgreSQL's server binaries (/usr/lib/postgresql/*/bin).
// Usage: node scripts/ci/restore-rehearsal.mjs
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { parse } from 'yaml';
import { freePort } from './fresh-database.mjs';
import { selfSignedCertificate } from './tls-proxy.mjs';

const root = join(import.meta.dirname, '..', '..');
const STANZA = 'darsak';
const KEPT = 'rehearsal-kept';
const AFTER_TARGET = 'rehearsal-after-target';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const size = (bytes) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);
const since = (start) => performance.now() - start;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const execFileAsync = promisify(execFile);
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true });

// initdb and PostgreSQL refuse to run as root: as root, the cluster and pgBackRest (which reads its files) run as
// Debian's postgres user.
const asRoot = process.getuid?.() === 0;

/** Runs a command (as postgres under root); resolves with its output, rejects with it on a non-zero exit. */
async function run(command, args, env = {}) {
  const [file, ...prefix] = asRoot ? ['runuser', '-u', 'postgres', '--', command] : [command];
  try {
    const { stdout } = await execFileAsync(file, [...prefix, ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
}

/** A new folder that the cluster's user owns. */
function ownedFolder(path) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(path, id('-u'), id('-g'));
  }
  return path;
}

/** The newest PostgreSQL server binaries Debian installed. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server binaries under ${base}`);
  return join(base, newest, 'bin');
}

/** compose.yaml's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` from an .env. */
const interpolate = (value, dotEnv) =>
  String(value).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name, kind, rest) => {
    if (dotEnv[name]) return dotEnv[name];
    if (kind === '-') return rest;
    throw new Error(`compose.yaml needs ${name}`);
  });

/** The `-c name=value` settings of the postgres service's command, as postgresql.conf lines. */
function archiveSettings() {
  const command = compose.services.postgres.command;
  return command
    .filter((_arg, i) => command[i - 1] === '-c')
    .map((setting) => {
      const [, name, value] = /^(\w+)=(.*)$/.exec(setting);
      return `${name} = '${value.replaceAll("'", "''")}'`;
    });
}

/** s3rver over TLS with one bucket; `bytes(test)` adds up the objects whose key passes `test`. */
async function startS3(dir) {
  const bucket = 'darsak-backups';
  const folder = join(dir, 's3');
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    ...selfSignedCertificate(dir),
    directory: folder,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await store.run();
  const bytes = (test) =>
    readdirSync(join(folder, bucket), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('._S3rver_object') && test(path))
      .reduce((sum, path) => sum + statSync(join(folder, bucket, path)).size, 0);
  return { store, port, bucket, certificateFile: join(dir, 'proxy-cert.pem'), bytes };
}

/**
 * The .env an operator would write for this store (s3rver knows one account, S3RVER), made into pgBackRest's
 * environment as compose.yaml makes it for its backup services.
 */
function composeBackupEnvironment(s3) {
  const dotEnv = {
    BACKUP_S3_ENDPOINT: `localhost:${s3.port}`,
    BACKUP_S3_REGION: 'us-east-1',
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
    BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    BACKUP_S3_URI_STYLE: 'path',
    BACKUP_CIPHER_PASS: randomBytes(32).toString('base64'),
  };
  return Object.fromEntries(
    Object.entries(compose.services.backup.environment).map(([key, value]) => [key, interpolate(value, dotEnv)]),
  );
}

/** A private cluster in `dir`, with pgBackRest and backups.sh beside it as the image has them. */
function privateCluster(dir, s3, port) {
  const bin = postgresBin();
  const log = join(dir, 'postgres.log');
  const backupEnv = composeBackupEnvironment(s3);
  for (const file of ['pgbackrest.conf', 'backups.sh'])
    copyFileSync(join(root, 'deploy', 'postgres', file), join(dir, file));
  const cluster = {
    dataDir: join(dir, 'data'),
    up: false,
    log,
    /** compose.yaml's environment, and the places of this machine where the image has its own. */
    env: () => ({
      ...backupEnv,
      PGBACKREST_CONFIG: join(dir, 'pgbackrest.conf'),
      PGBACKREST_REPO1_STORAGE_CA_FILE: s3.certificateFile,
      PGBACKREST_PG1_PATH: cluster.dataDir,
      PGBACKREST_PG1_PORT: String(port),
      PGBACKREST_PG1_SOCKET_PATH: dir,
      PGBACKREST_LOCK_PATH: join(dir, 'lock'),
    }),
    pgbackrest: (...args) => run('pgbackrest', [`--stanza=${STANZA}`, ...args], cluster.env()),
    /** The backup service's health check. */
    fresh: () =>
      run('sh', [join(dir, 'backups.sh'), 'fresh'], cluster.env()).then(
        () => true,
        () => false,
      ),
    version: async () =>
      `${(await run(join(bin, 'postgres'), ['--version'])).trim()}, ${(await run('pgbackrest', ['version'])).trim()}`,
    /** As the image's: superuser darsak, compose.yaml's archiving. */
    async init() {
      // --no-sync: initdb's own files need not reach the disk for this.
      await run(join(bin, 'initdb'), [
        '--no-sync',
        '-D',
        cluster.dataDir,
        '-U',
        'darsak',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ]);
      const local = [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`];
      appendFileSync(join(cluster.dataDir, 'postgresql.conf'), `${[...local, ...archiveSettings()].join('\n')}\n`);
    },
    async start() {
      await run(join(bin, 'pg_ctl'), ['-D', cluster.dataDir, '-l', log, '-w', '-t', '120', 'start'], cluster.env());
      cluster.up = true;
    },
    /** Stops without a checkpoint, as a lost host does. */
    async crash() {
      await run(join(bin, 'pg_ctl'), ['-D', cluster.dataDir, '-m', 'immediate', 'stop']);
      cluster.up = false;
    },
    async connect(database = 'darsak') {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'darsak', database });
      // A server that stops (a recovery that fails) fails the next query instead of the whole process.
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    url: `postgres://darsak@127.0.0.1:${port}/darsak`,
  };
  return cluster;
}

const countMigrations = async (db) =>
  Number((await db.query('select count(*) from drizzle.__drizzle_migrations')).rows[0].count);

/** The schema as compose.yaml's migrate step makes it, and a student with a plan to pay for. */
async function migrateAndSeed(cluster) {
  const admin = await cluster.connect('postgres');
  await admin.query('create database darsak');
  await admin.end();
  await execFileAsync(process.execPath, ['--import', 'tsx', 'apps/server/src/migrate.ts'], {
    cwd: root,
    env: { ...process.env, SERVER_ENV: 'production', DATABASE_URL: cluster.url, LOG_LEVEL: 'warn' },
  });
  const db = await cluster.connect();
  const insert = async (sql) => (await db.query(sql)).rows[0].id;
  const seeded = {
    studentId: await insert(
      "insert into users (role, name, email) values (4, 'Rehearsal', 'r@example.com') returning id",
    ),
    planId: await insert(
      'insert into plans (weekly_minutes, base_month_price_piastres) values (120, 50000) returning id',
    ),
    migrations: await countMigrations(db),
    databaseBytes: Number((await db.query("select pg_database_size('darsak') as size")).rows[0].size),
  };
  await db.end();
  return seeded;
}

/** A paid payment of the seeded student, by its merchant reference. */
const pay = (db, { studentId, planId }, ref) =>
  db.query(
    `insert into transactions (user_id, plan_id, period, weekly_minutes, method, provider, merchant_ref_num,
       amount_piastres, status, paid_at, receipt_number)
     values ($1, $2, 'month', 120, 'card', 'paymob', $3, 50000, 1, now(),
       'DRS-2000-' || lpad((select count(*) + 1 from transactions)::text, 6, '0'))`,
    [studentId, planId, ref],
  );

/** What the backup service does at its first start, its health check before and after; the backup's duration. */
async function firstBackup(cluster) {
  await cluster.pgbackrest('stanza-create');
  await cluster.pgbackrest('check');
  if (await cluster.fresh()) throw new Error('backups.sh fresh passed before any backup');
  const started = performance.now();
  await cluster.pgbackrest('--type=full', 'backup');
  const backupMs = since(started);
  if (!(await cluster.fresh())) throw new Error('backups.sh fresh failed right after a backup');
  return backupMs;
}

/** A payment, the time to restore to, a later payment, both in the bucket's WAL; the time. */
async function paymentsAroundTarget(cluster, seeded) {
  // pgBackRest picks the backup to restore by its stop time in whole seconds, which must come before the target:
  // a target in the same second as the backup's end finds no backup.
  await sleep(1000);
  const db = await cluster.connect();
  await pay(db, seeded, KEPT);
  const { target } = (
    await db.query(
      `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as target`,
    )
  ).rows[0];
  await sleep(200);
  await pay(db, seeded, AFTER_TARGET);
  await db.end();
  // check switches to a new WAL segment and waits until the one holding both payments is in the bucket.
  await cluster.pgbackrest('check');
  return target;
}

/**
 * The runbook's restore into an empty folder, PostgreSQL started on it until it has replayed the WAL to the target
 * and promoted itself; what it holds then, and whether it takes a payment.
 */
async function restoreTo(cluster, target, seeded, folder) {
  cluster.dataDir = ownedFolder(folder);
  const started = performance.now();
  await cluster.pgbackrest('--delta', '--type=time', `--target=${target}`, '--target-action=promote', 'restore');
  const filesMs = since(started);
  await cluster.start();
  const db = await cluster.connect();
  while ((await db.query('select pg_is_in_recovery() as recovering')).rows[0].recovering) {
    if (since(started) > 120_000) throw new Error('PostgreSQL was still recovering after 120 s');
    await sleep(100);
  }
  const recoveryMs = since(started);
  const { rows } = await db.query(
    "select merchant_ref_num from transactions where merchant_ref_num like 'rehearsal-%' order by 1",
  );
  const migrations = await countMigrations(db);
  await pay(db, seeded, 'rehearsal-after-restore');
  await db.end();
  return { filesMs, recoveryMs, payments: rows.map((row) => row.merchant_ref_num), migrations };
}

async function rehearse(dir, s3) {
  const started = performance.now();
  const cluster = privateCluster(dir, s3, await freePort());
  try {
    await cluster.init();
    await cluster.start();
    const seeded = await migrateAndSeed(cluster);
    const backupMs = await firstBackup(cluster);
    const target = await paymentsAroundTarget(cluster, seeded);
    await cluster.crash();
    rmSync(cluster.dataDir, { recursive: true, force: true });
    const restored = await restoreTo(cluster, target, seeded, join(dir, 'restored'));

    const [info] = JSON.parse(await cluster.pgbackrest('--output=json', 'info'));
    const backup = info.backup[0];
    // s3rver's files: its listings leave out a "folder" that holds only folders, so pgBackRest's repo-ls misses WAL.
    const walBytes = s3.bytes((key) => key.includes('/archive/'));
    console.log(
      [
        `restore rehearsal: ${await cluster.version()}; the repository in an S3-compatible store on this`,
        `  machine (s3rver over TLS, its certificate verified), encrypted (${info.cipher})`,
        `database: ${size(seeded.databaseBytes)}, ${seeded.migrations} migrations; the cluster ${size(backup.info.size)}`,
        `full backup: ${seconds(backupMs)}; ${size(backup.info.repository.delta)} in the bucket (compressed, encrypted)`,
        `WAL archived: ${info.archive[0].min} to ${info.archive[0].max}, ${size(walBytes)}; the bucket ${size(s3.bytes(() => true))}`,
        `restore to ${target}: the files in ${seconds(restored.filesMs)}, then WAL replayed to the target and`,
        `  promoted: ${seconds(restored.recoveryMs)} from an empty folder to a database that takes writes (recovery time)`,
        `payments found: ${restored.payments.join(', ') || 'none'}; migrations: ${restored.migrations}`,
      ].join('\n'),
    );
    if (restored.payments.join() !== KEPT || restored.migrations !== seeded.migrations) {
      throw new Error(`the restore should hold ${KEPT} and not ${AFTER_TARGET}, and ${seeded.migrations} migrations`);
    }
    console.log(`restore rehearsal passed in ${seconds(since(started))}`);
  } catch (error) {
    if (existsSync(cluster.log))
      console.log(`--- PostgreSQL's log ---\n${readFileSync(cluster.log, 'utf8').slice(-4000)}`);
    throw error;
  } finally {
    if (cluster.up) await cluster.crash().catch(() => {});
  }
}

const dir = ownedFolder(mkdtempSync(join(tmpdir(), 'darsak-restore-rehearsal-')));
let s3;
try {
  s3 = await startS3(dir);
  await rehearse(dir, s3);
} catch (error) {
  console.error(`restore rehearsal failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await s3?.store.close();
  rmSync(dir, { recursive: true, force: true });
}
