import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ALLOWED, checkJourneys, interceptionsIn, isFirstParty } from './first-party-interception.mjs';

const SCRIPT = fileURLToPath(new URL('./first-party-interception.mjs', import.meta.url));

const GOOD_SPEC = `import { test } from './support/test.ts';
test('a journey', async ({ page, request }) => {
  await request.put('/api/v1/student/tour', { headers });
  await page.goto('/s/dashboard');
  await page.getByRole('button', { name: 'حفظ' }).click();
});
`;
const BAD_SPEC = `import { test } from './support/test.ts';
test('a journey', async ({ page, context }) => {
  await page.route('http://localhost:3000/**', (route) => route.continue());
  await context.unroute('**/api/v1/student/tour');
  await context.routeFromHAR('journey.har');
  await page.routeWebSocket('/socket.io/', () => {});
});
`;
const GOOD_STAND_INS = `const THIRD_PARTY_HOSTS = new Set(['www.googletagmanager.com', 'a.clarity.ms']);
export async function catchAnalytics(context) {
  await context.route(
    (url) => THIRD_PARTY_HOSTS.has(url.host),
    (route) => route.fulfill({ status: 204 }),
  );
}
`;

let roots = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A repository root holding `files` (path → text). */
function repository(files) {
  const root = mkdtempSync(join(tmpdir(), 'interception-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('first-party interception check', () => {
  it('passes journeys that set up through the API and act through the page', () => {
    expect(interceptionsIn('e2e/booking.spec.ts', GOOD_SPEC)).toEqual([]);
  });

  it('names the file and line of each route, unroute, HAR replay and WebSocket route', () => {
    const problems = interceptionsIn('e2e/booking.spec.ts', BAD_SPEC);
    expect(problems.map((problem) => problem.split(':').slice(0, 2).join(':'))).toEqual([
      'e2e/booking.spec.ts:3',
      'e2e/booking.spec.ts:4',
      'e2e/booking.spec.ts:5',
      'e2e/booking.spec.ts:6',
    ]);
    expect(problems[0]).toContain('.route(');
  });

  it('allows the third-party stand-ins only as host checks against their list of third parties', () => {
    expect(interceptionsIn(ALLOWED, GOOD_STAND_INS)).toEqual([]);
    // Any other matcher in that file fails, as does the same file elsewhere.
    const byPath = GOOD_STAND_INS.replace('(url) => THIRD_PARTY_HOSTS.has(url.host)', "'**/api/v1/**'");
    expect(interceptionsIn(ALLOWED, byPath)).toEqual([
      `${ALLOWED}:3: .route( must match by host against THIRD_PARTY_HOSTS ((url) => THIRD_PARTY_HOSTS.has(url.host))`,
    ]);
    expect(interceptionsIn('e2e/support/other-stand-ins.ts', GOOD_STAND_INS)).toHaveLength(1);
    // Our own hosts may not hide in the list.
    const ours = GOOD_STAND_INS.replace("'a.clarity.ms'", "'127.0.0.1:4100'");
    expect(interceptionsIn(ALLOWED, ours)).toEqual([
      `${ALLOWED}:1: THIRD_PARTY_HOSTS names 127.0.0.1:4100, which is not a third party`,
    ]);
    expect(interceptionsIn(ALLOWED, 'await context.route(() => true, handler);')).toHaveLength(2);
  });

  it('tells third parties from our own hosts', () => {
    for (const host of ['localhost:3000', '127.0.0.1', 'api.darsak.app', 'darsak.test', '[::1]:4100', '*'])
      expect(isFirstParty(host), host).toBe(true);
    for (const host of ['www.googletagmanager.com', 'www.clarity.ms']) expect(isFirstParty(host), host).toBe(false);
  });

  it('reads every source file under e2e/, not the journeys’ output', () => {
    const root = repository({
      'e2e/good.spec.ts': GOOD_SPEC,
      'e2e/support/helper.ts': BAD_SPEC,
      'e2e/results/trace/inline.js': BAD_SPEC,
      'e2e/notes.md': BAD_SPEC,
      [ALLOWED]: GOOD_STAND_INS,
    });
    expect(checkJourneys(root).map((problem) => problem.split(':')[0])).toEqual(Array(4).fill('e2e/support/helper.ts'));
  });

  it('as a command, exits 1 naming file:line for a bad sample and 0 for a good one', () => {
    const bad = spawnSync('node', [SCRIPT, repository({ 'e2e/admin.spec.ts': BAD_SPEC })], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('e2e/admin.spec.ts:3: .route( intercepts requests');
    const good = spawnSync(
      'node',
      [SCRIPT, repository({ 'e2e/admin.spec.ts': GOOD_SPEC, [ALLOWED]: GOOD_STAND_INS })],
      {
        encoding: 'utf8',
      },
    );
    expect(good.status, good.stderr).toBe(0);
  });
});
