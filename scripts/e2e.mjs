// Browser journeys: builds the front ends, starts Darsak on a fresh embedded database, waits until it is
// ready, runs the Playwright journeys in Debian's Chromium, then stops the server.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { startDarsak } from '../e2e/support/server.ts';

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

if (!process.env.E2E_SKIP_BUILD && run('npm', ['run', 'build']) !== 0) process.exit(1);

let status = 1;
let server;
try {
  server = await startDarsak({
    host,
    ports: ports.map(Number),
    env: { CONTACT_INBOX_EMAIL: contactInbox },
    banner: true,
  });
  status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    E2E_BASE_URL: server.app,
    E2E_ADMIN_URL: server.admin,
    E2E_SITE_URL: server.site,
    E2E_CONTACT_INBOX: contactInbox,
  });
} catch (error) {
  console.error(String(error));
} finally {
  await server?.stop();
}
process.exit(status ?? 1);
