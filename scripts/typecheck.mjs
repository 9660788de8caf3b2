// Type-checks every workspace with its own tsconfig (each has its own libs: DOM, node).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/domain',
  'packages/ui',
  'packages/client',
  'apps/server',
  'apps/web',
  'apps/admin',
  'apps/site',
  'e2e',
  'bench',
];
let failed = false;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const run = spawnSync('npx', ['tsc', '-p', `${dir}/tsconfig.json`], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed in ${dir}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
