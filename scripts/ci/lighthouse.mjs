// Lighthouse (mobile, simulated slow 4G and a 4× slower CPU) on the pages a newcomer opens first (issue 13): the
// site's home and pricing, /tutors, a seeded tutor's /t/{id}, /plans and a student's checkout. Starts Darsak from the
// built front ends (run `npm run build` first) on its own ports and a fresh embedded database with the demo data,
// behind TLS and HTTP/2 as production serves it (tls-proxy.mjs stands in for Caddy), prints each page's scores, LCP
// and JavaScript sent, and exits 1 when a page misses accessibility 100 or cannot be measured. Performance is a figure
// of this machine's speed at the time (one unchanged build scores 86–99 on a quiet 2-core machine and 67–94 on
// CI's), so a page under its goal of 95 is marked, measured five times and reported, never a failed build: timings
// are figures, not assertions (docs/performance.md). LIGHTHOUSE_PORT (default
// 4200, then +1 admin, +2 site, +3 and +4 the app's and the site's proxies) moves the ports; LIGHTHOUSE_PAGES
// (names as printed, comma-separated: `/tutors,checkout`) measures only those pages; LIGHTHOUSE_RUNS=<n> measures each
// page n times.
// Usage: node scripts/ci/lighthouse.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { selfSignedCertificate, startTlsProxy } from './tls-proxy.mjs';

/** Accessibility is a budget (the same page always scores the same); performance is a goal, reported. */
const BUDGET = { accessibility: 100 };
const PERFORMANCE_GOAL = 95;
/**
 * The performance score of one build swings between runs, mostly with the blocking time on a busy machine: a page
 * under the goal is measured this many times in all and reported by its median run (Lighthouse's docs on
 * variability advise the median of five).
 */
const RUNS_WHEN_UNDER = 5;
/** LIGHTHOUSE_RUNS=<n> measures every page n times and reports the median run (comparing two builds). */
const runsAlways = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
/** LIGHTHOUSE_REPORTS=<dir> keeps each run's full report (JSON, open it in the Lighthouse viewer). */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4200);
/** Darsak's own addresses; the pages are opened through the TLS proxies in front of them, as deployed. */
const direct = { app: `http://127.0.0.1:${port}`, site: `http://127.0.0.1:${port + 2}` };
const app = `https://127.0.0.1:${port + 3}`;
const site = `https://127.0.0.1:${port + 4}`;
const dataDir = mkdtempSync(join(tmpdir(), 'darsak-lighthouse-'));
const profileDir = mkdtempSync(join(tmpdir(), 'darsak-lighthouse-chromium-'));

const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PORT: String(port + 1),
    SITE_PORT: String(port + 2),
    PUBLIC_APP_URL: app,
    PUBLIC_ADMIN_URL: `http://127.0.0.1:${port + 1}`,
    PUBLIC_SITE_URL: site,
    // the local environment seeds the demo tutors, plans and student the pages show
    SERVER_ENV: 'local',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
});

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${direct.app}/api/health`)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

const getJson = async (path) => (await fetch(`${direct.app}${path}`)).json();

/** The pages to measure, with a seeded tutor and the first plan; `signedIn` pages need the demo student. */
async function pages() {
  const tutors = await getJson('/api/v1/user/tutor/list/onboarded');
  const plans = await getJson('/api/v1/plan/list');
  const tutor = tutors.list[0];
  const plan = plans.list[0];
  if (!tutor || !plan) throw new Error('the demo data has no tutor or no plan');
  return [
    { name: 'site home', url: `${site}/` },
    { name: 'site pricing', url: `${site}/pricing/` },
    { name: '/tutors', url: `${app}/tutors` },
    { name: '/t/{id}', url: `${app}/t/${tutor.id}` },
    { name: '/plans', url: `${app}/plans` },
    { name: 'checkout', url: `${app}/checkout/${plan.id}/month`, signedIn: true },
  ];
}

/** Signs the demo student in through the login page, so the profile's localStorage holds the session. */
async function signInStudent(context) {
  const page = await context.newPage();
  await page.goto(`${app}/login`);
  await page.locator('input[type="email"]').fill('student@darsak.test');
  await page.locator('input[type="password"]').fill('Darsak2026');
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.close();
}

/** One Lighthouse run on a cold cache; storage is kept so a signed-in page stays signed in. */
async function audit(context, debuggingPort, url, run = 1) {
  const answer = await fetch(url.replace(app, direct.app).replace(site, direct.site));
  if (!answer.ok) return { error: `HTTP ${answer.status}` };
  const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
  await cdp.send('Network.clearBrowserCache');
  // A cold load: the main app's service worker (and what it keeps) from an earlier page would answer the scripts
  // from its cache. The session (localStorage, cookies) stays, so a signed-in page stays signed in.
  for (const origin of [app, site]) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  }
  await cdp.detach();
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  });
  if (reportsDir)
    writeFileSync(join(reportsDir, `${new URL(url).pathname.replace(/\W+/g, '-')}-${run}.json`), result.report);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) return { error: `${runtimeError.code}: ${runtimeError.message}` };
  const scripts = audits['network-requests'].details.items.filter((request) => request.resourceType === 'Script');
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    // Lighthouse's own CPU benchmark of the machine: well under 1000 means a busy machine and pessimistic scores
    benchmark: result.lhr.environment.benchmarkIndex,
    scriptKb: scripts.reduce((sum, request) => sum + request.transferSize, 0) / 1024,
    misses: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
      .filter((a) => categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
      .map((a) => a.id),
  };
}

/** A page's audit; one under the performance budget is run again, and its median run is the page's figures. */
async function measure(context, debuggingPort, url) {
  const runs = [await audit(context, debuggingPort, url)];
  while (
    !runs[0].error &&
    (runs.length < runsAlways || (runs.length < RUNS_WHEN_UNDER && runs[0].performance < PERFORMANCE_GOAL))
  ) {
    runs.push(await audit(context, debuggingPort, url, runs.length + 1));
  }
  const measured = runs.filter((run) => !run.error).sort((a, b) => a.performance - b.performance);
  if (measured.length === 0) return runs[0];
  return {
    ...measured[Math.floor(measured.length / 2)],
    runs: measured.map((run) => run.performance),
    blocking: measured.map((run) => Math.round(run.tbtMs)),
  };
}

async function main() {
  if (!(await waitForHealth(120_000)))
    throw new Error('Darsak did not start, or did not answer /api/health within 2 minutes');
  const certificate = selfSignedCertificate(dataDir);
  closeProxies.push(
    await startTlsProxy({ port: port + 3, target: direct.app, certificate }),
    await startTlsProxy({ port: port + 4, target: direct.site, certificate }),
  );
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const list = (await pages()).filter((page) => !only || only.includes(page.name));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    // the proxies' certificate is made for this run
    args: ['--remote-debugging-port=0', '--ignore-certificate-errors'],
  });
  try {
    const debuggingPort = Number(readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    let failed = 0;
    console.log(
      `${'page'.padEnd(14)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}` +
        `${'JS KB'.padStart(8)}${'CPU'.padStart(7)}`,
    );
    for (const page of list) {
      if (page.signedIn) await signInStudent(context);
      const r = await measure(context, debuggingPort, page.url);
      if (r.error) {
        console.log(`${page.name.padEnd(14)}  not measured: ${r.error}`);
        failed += 1;
        continue;
      }
      const missed = r.accessibility < BUDGET.accessibility;
      const verdict =
        (r.runs.length > 1 ? `  median of ${r.runs.join(', ')} (TBT ${r.blocking.join(', ')})` : '') +
        (r.performance < PERFORMANCE_GOAL ? '  under the performance goal' : '') +
        (missed ? '  MISSES THE ACCESSIBILITY BUDGET' : '');
      if (missed) failed += 1;
      console.log(
        `${page.name.padEnd(14)}${String(r.performance).padStart(6)}${String(r.accessibility).padStart(6)}` +
          `${(r.lcpMs / 1000).toFixed(1).padStart(8)}${r.tbtMs.toFixed(0).padStart(8)}${r.scriptKb.toFixed(0).padStart(8)}` +
          `${r.benchmark.toFixed(0).padStart(7)}${verdict}` +
          (r.misses.length > 0 ? `  a11y: ${r.misses.join(', ')}` : ''),
      );
    }
    console.log(
      `\nbudget: accessibility ${BUDGET.accessibility}; goal: performance ≥ ${PERFORMANCE_GOAL} (mobile); JS KB is what` +
        ' was sent (brotli); CPU is Lighthouse’s benchmark index of this machine',
    );
    return failed === 0;
  } finally {
    await context.close();
  }
}

let ok = false;
const closeProxies = [];
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  await Promise.all(closeProxies.map((close) => close()));
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
