// The alert rules of deploy/prometheus (docs/operations.md, "Metrics and alerts"): Prometheus's own promtool checks
// the rules and the scrape configuration and runs the rules' unit tests (alerts.test.yml); then every alert must
// have a test in which it fires, a runbook that is a section of docs/operations.md, and metrics the server exposes.
// promtool comes with Debian's `prometheus` package (.ci/run installs it when it is missing).
// Usage: node scripts/ci/alert-rules.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const started = performance.now();
const root = join(import.meta.dirname, '..', '..');
const folder = join(root, 'deploy', 'prometheus');
const failures = [];

/** Runs promtool; its output is printed, a non-zero exit is a failure. */
function promtool(args, cwd = folder) {
  try {
    process.stdout.write(execFileSync('promtool', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (error) {
    if (error.code === 'ENOENT') {
      console.error('promtool is not installed (Debian package prometheus)');
      process.exit(2);
    }
    process.stdout.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    failures.push(`promtool ${args.join(' ')} exited ${error.status}`);
  }
}

promtool(['check', 'rules', 'alerts.yml']);
promtool(['test', 'rules', 'alerts.test.yml']);
// The scrape configuration names the token's file, which promtool wants to exist: checked in a copy beside one.
const copy = mkdtempSync(join(tmpdir(), 'darsak-prometheus-'));
try {
  for (const file of ['prometheus.yml', 'alerts.yml']) copyFileSync(join(folder, file), join(copy, file));
  writeFileSync(join(copy, 'metrics-token'), 'a-metrics-token-for-the-check\n');
  promtool(['check', 'config', 'prometheus.yml'], copy);
} finally {
  rmSync(copy, { recursive: true, force: true });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
const operations = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
const anchors = new Set([...operations.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1])));

// The metric families the server declares (platform/metrics), and those prom-client's default metrics give.
const declared = new Set(
  [...readFileSync(join(root, 'apps/server/src/platform/metrics/metrics.ts'), 'utf8').matchAll(/name: '(\w+)'/g)].map(
    (m) => m[1],
  ),
);
const familyOf = (name) => name.replace(/_(bucket|count|sum)$/, '');

const rules = parse(readFileSync(join(folder, 'alerts.yml'), 'utf8')).groups.flatMap((g) => g.rules);
const tests = parse(readFileSync(join(folder, 'alerts.test.yml'), 'utf8')).tests;
const firing = new Set(
  tests.flatMap((t) => t.alert_rule_test ?? []).flatMap((c) => (c.exp_alerts?.length ? [c.alertname] : [])),
);
for (const rule of rules) {
  const runbook = rule.annotations?.runbook ?? '';
  const [file, anchor] = runbook.split('#');
  if (file !== 'docs/operations.md' || !anchors.has(anchor)) {
    failures.push(`${rule.alert}: runbook "${runbook}" is no section of docs/operations.md`);
  }
  if (!firing.has(rule.alert)) failures.push(`${rule.alert}: no test in alerts.test.yml where it fires`);
  for (const [name] of rule.expr.matchAll(/\bdarsak_\w+/g)) {
    if (!declared.has(familyOf(name))) failures.push(`${rule.alert}: the server exposes no metric ${name}`);
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${rules.length} alert rules, ${firing.size} of them shown firing in tests; checked in ${seconds} s`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
