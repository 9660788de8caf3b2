// Browser journeys: builds the front ends, starts Darsak on a fresh embedded database, waits until it is
// ready, runs the Playwright journeys in Debian's Chromium, then stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
const port = process.env.E2E_PORT ?? '4100';
const adminPort = process.env.E2E_ADMIN_PORT ?? '4101';
const sitePort = process.env.E2E_SITE_PORT ?? '4102';
const base = `http://${host}:${port}`;
const adminUrl = `http://${host}:${adminPort}`;
const siteUrl = `http://${host}:${sitePort}`;
const contactInbox = 'support@darsak.test';
const dataDir = mkdtempSync(join(tmpdir(), 'darsak-e2e-'));

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

if (!process.env.E2E_SKIP_BUILD && run('npm', ['run', 'build']) !== 0) process.exit(1);

const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    ADMIN_PORT: adminPort,
    SITE_PORT: sitePort,
    PUBLIC_APP_URL: base,
    PUBLIC_ADMIN_URL: adminUrl,
    PUBLIC_SITE_URL: siteUrl,
    CONTACT_INBOX_EMAIL: contactInbox,
    // Every journey signs in from this one address; the limits have tests of their own.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    SERVER_ENV: 'local',
    DATABASE_URL: '',
  },
});
const exited = new Promise((resolve) => server.once('exit', resolve));

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

let status = 1;
try {
  if (!(await waitForHealth(120_000))) {
    throw new Error(
      server.exitCode === null
        ? 'the server did not become healthy in 120 s'
        : `the server stopped (exit ${server.exitCode}); are ports ${port}, ${adminPort} and ${sitePort} free?`,
    );
  }
  status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    E2E_BASE_URL: base,
    E2E_ADMIN_URL: adminUrl,
    E2E_SITE_URL: siteUrl,
    E2E_CONTACT_INBOX: contactInbox,
  });
} catch (error) {
  console.error(String(error));
} finally {
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status ?? 1);
