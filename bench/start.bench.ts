// Start to the first healthy /api/health: the server from its sources through tsx (as `npm run dev`) against
// the compiled build (as `npm run serve` and the image), on PGlite: a first start (migrations and the demo
// seed) and a restart on the same data; and on PostgreSQL (a database of its own, migrated, dropped after) when
// DATABASE_URL is set.
// Run after a build: npm run build && npm run bench:start (figures printed; nothing asserts a time).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTemplateDatabase, urlFor } from '../apps/server/test/test-database.ts';
import { SERVER_ENTRY, timeToReady } from './support.ts';

if (!existsSync('apps/server/dist/main.js')) throw new Error('no apps/server/dist/main.js: run npm run build first');
const port = Number(process.env.BENCH_PORT ?? 4400);
const seconds = ({ wallMs, cpuMs }: { wallMs: number; cpuMs: number }) =>
  `${(wallMs / 1000).toFixed(2)} s (CPU ${(cpuMs / 1000).toFixed(2)} s)`;
const rows: Record<string, string>[] = [];

for (const [name, entry] of Object.entries(SERVER_ENTRY)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'darsak-bench-start-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const first = await timeToReady(env, port, entry);
  const restart = await timeToReady(env, port, entry);
  rmSync(dataDir, { recursive: true, force: true });
  const row: Record<string, string> = {
    entry: name,
    'PGlite first start': seconds(first),
    'PGlite restart': seconds(restart),
  };
  if (process.env.DATABASE_URL) {
    // A database of its own, migrated beforehand: the figure is a restart of an instance of a deployment.
    const name = `darsak_bench_${randomBytes(4).toString('hex')}`;
    const drop = await createTemplateDatabase(name);
    const pgDir = mkdtempSync(join(tmpdir(), 'darsak-bench-start-'));
    const pgEnv = { DATA_DIR: pgDir, DATABASE_URL: urlFor(name), SEED_DEMO: 'false' };
    row['PostgreSQL restart'] = seconds(await timeToReady(pgEnv, port, entry));
    rmSync(pgDir, { recursive: true, force: true });
    await drop();
  }
  rows.push(row);
}
console.table(rows);
