// Prints how long each step of .ci/run took (durations.tsv: seconds, a tab, the step), then adds up the JSON
// reports of every run in the results folder and prints one closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const durations = join(dir, 'durations.tsv');
if (existsSync(durations)) {
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  for (const line of readFileSync(durations, 'utf8').split('\n').filter(Boolean)) {
    const [seconds, name] = line.split('\t');
    console.log(`${clock(Number(seconds)).padStart(6)}  ${name}`);
  }
}
/** A test's first failure, one line long. */
const firstLine = (message = '') => message.split('\n')[0].slice(0, 200);

/** Vitest's failed tests, and those that passed on a retry (they keep the failures of the runs before). */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.failureMessages.length === 0 || !['passed', 'failed'].includes(test.status)) continue;
      const label = test.status === 'failed' ? 'FAILED' : 'passed on a retry';
      lines.push(`  ${label}: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
      lines.push(`    ${firstLine(test.failureMessages[0])}`);
    }
  }
  return lines;
}

/** Playwright's tests that failed or passed only on a retry. */
function playwrightFailures(suites, lines = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const label = test.status === 'unexpected' ? 'FAILED' : 'passed on a retry';
        lines.push(`  ${label}: [${test.projectName}] ${spec.file} › ${spec.title}`);
        lines.push(`    ${firstLine(test.results.find((result) => result.error)?.error?.message)}`);
      }
    }
    playwrightFailures(suite.suites, lines);
  }
  return lines;
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    for (const line of vitestFailures(report)) console.log(line);
  } else if (report.stats) {
    // a flaky test passed on a retry: it counts as passed and is named below
    const flaky = report.stats.flaky ?? 0;
    passed += report.stats.expected + flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${file}: ${report.stats.expected + flaky} passed, ${report.stats.unexpected} failed`);
    for (const line of playwrightFailures(report.suites)) console.log(line);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
