// Browser journeys: builds the front ends, starts Darsak on a fresh database, waits until it is ready, runs the
// Playwright journeys in Debian's Chromium, then stops the server. The database is embedded PGlite, or with
// E2E_DATABASE_URL (a PostgreSQL URL to create it from) a fresh database on that server, dropped after; E2E_REDIS_URL
// adds Redis under a prefix of its own. CI passes both when they run: the journeys then run as deployed, and the
// database's work leaves the server's one thread.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { startDarsak } from '../e2e/support/server.ts';
import { freshDatabase } from './ci/fresh-database.mjs';

// The journeys use the system's Chromium (e2e/playwright.config.ts), never a downloaded browser.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `npm run e2e needs Chromium at ${chromium}, and there is none.\n` +
      '  Install it (Debian/Ubuntu: sudo apt-get install chromium) or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}

// Run as deployed: ports other than the defaults, and an address other than localhost that the server is told.
const host = process.env.E2E_HOST ?? '127.0.0.1';
const ports = [
  process.env.E2E_PORT ?? '4100',
  process.env.E2E_ADMIN_PORT ?? '4101',
  process.env.E2E_SITE_PORT ?? '4102',
];
const contactInbox = 'support@darsak.test';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

/**
 * The whole set runs as two Playwright runs side by side: beside the journeys, the accessibility audits (they only
 * read pages of the one server, and spend their time in axe) and the network lab (e2e/networks.spec.ts: a server
 * of its own, mostly waiting on its networks); the journeys run one at a time, since they share the demo accounts.
 * The journeys leave most of a second core idle, so the lane beside them takes no time of its own. Its output is
 * kept and printed after the journeys', each run with its own JSON report. Arguments (a file, a project, -g) run
 * what they name in one run, as before.
 */
async function playwright(urls, args) {
  const command = ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...args];
  const env = { ...process.env, ...urls };
  if (args.length > 0) return spawnSync('npx', command, { stdio: 'inherit', env }).status;
  const report = process.env.PLAYWRIGHT_JSON;
  const auditsOutput = [];
  const audits = spawn('npx', command, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      E2E_LANE: 'audits',
      ...(report ? { PLAYWRIGHT_JSON: report.replace(/\.json$/, '-audits.json') } : {}),
    },
  });
  audits.stdout.on('data', (chunk) => auditsOutput.push(chunk));
  audits.stderr.on('data', (chunk) => auditsOutput.push(chunk));
  const auditsDone = new Promise((resolve) => audits.on('close', (code) => resolve(code ?? 1)));
  const journeys = await new Promise((resolve) =>
    spawn('npx', command, { stdio: 'inherit', env: { ...env, E2E_LANE: 'journeys' } }).on('close', (code) =>
      resolve(code ?? 1),
    ),
  );
  const auditsStatus = await auditsDone;
  process.stdout.write(
    `\n--- accessibility audits and network lab (run beside the journeys) ---\n${Buffer.concat(auditsOutput)}`,
  );
  return journeys || auditsStatus;
}

if (!process.env.E2E_SKIP_BUILD && run('npm', ['run', 'build']) !== 0) process.exit(1);

let status = 1;
let server;
const database = process.env.E2E_DATABASE_URL ? freshDatabase(process.env.E2E_DATABASE_URL, 'darsak_e2e') : undefined;
try {
  const databaseUrl = (await database?.create()) ?? '';
  const redis = process.env.E2E_REDIS_URL
    ? { REDIS_URL: process.env.E2E_REDIS_URL, REDIS_CACHE_PREFIX: `${database?.name ?? `e2e_${process.pid}`}:cache` }
    : {};
  server = await startDarsak({
    host,
    ports: ports.map(Number),
    env: { CONTACT_INBOX_EMAIL: contactInbox, DATABASE_URL: databaseUrl, ...redis },
    banner: true,
  });
  status = await playwright(
    {
      E2E_BASE_URL: server.app,
      E2E_ADMIN_URL: server.admin,
      E2E_SITE_URL: server.site,
      E2E_CONTACT_INBOX: contactInbox,
    },
    process.argv.slice(2),
  );
} catch (error) {
  console.error(String(error));
} finally {
  await server?.stop();
  await database?.drop();
}
process.exit(status ?? 1);
