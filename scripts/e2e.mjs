// Browser journeys: builds the front ends, starts Darsak on a fresh embedded database, waits until it is
// ready, runs the Playwright journeys in Debian's Chromium, then stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.env.E2E_PORT ?? '3000';
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'darsak-e2e-'));

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

if (!process.env.E2E_SKIP_BUILD && run('npm', ['run', 'build']) !== 0) process.exit(1);

const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn', SERVER_ENV: 'local', DATABASE_URL: '' },
});

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

let status = 1;
try {
  if (!(await waitForHealth(120_000))) throw new Error('the server did not become healthy in 120 s');
  status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    E2E_BASE_URL: base,
  });
} catch (error) {
  console.error(String(error));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status ?? 1);
