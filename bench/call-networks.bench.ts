// Lessons on the networks our students have (issue 29): the network lab's journeys (e2e/networks.spec.ts: a
// student and a tutor in network namespaces of their own, coturn as deployed) run BENCH_RUNS times (3), and the
// figures they print are gathered per network: time to the first video at the student's on an open network, with
// UDP blocked (TURN over TCP), with only HTTPS let out (TURN over TLS on 443) and with 5% of the packets lost; the
// time the video takes to come back after a 20 s outage and after a move from Wi-Fi to mobile data; and, capped, the time until the video pauses and until it is back once
// the cap lifts. Prints the median, the lowest and the highest of each. It needs what the lab needs (root,
// iproute2, nftables, coturn, Chromium) and the build (`npm run build`). Run: npm run bench:call-networks.
import { spawnSync } from 'node:child_process';

const runs = Number(process.env.BENCH_RUNS ?? 3);

/** The lines the journeys print, each a figure of one network (in ms or s, as printed). */
const FIGURES: Array<{ name: string; pattern: RegExp; unit: 'ms' | 's' }> = [
  { name: 'time to video, open network', pattern: /^time to media \(open network\): (\d+) ms/, unit: 'ms' },
  { name: 'time to video, UDP blocked', pattern: /^time to media \(UDP blocked\): (\d+) ms/, unit: 'ms' },
  { name: 'time to video, only HTTPS', pattern: /^time to media \(only HTTPS\): (\d+) ms/, unit: 'ms' },
  { name: 'time to video, 5% loss', pattern: /^time to media \(5% loss\): (\d+) ms/, unit: 'ms' },
  { name: 'back after 20 s outage, open', pattern: /^outage of 20 s with UDP: video back .* (\d+) ms/, unit: 'ms' },
  {
    name: 'back after 20 s outage, UDP blocked',
    pattern: /^outage of 20 s with UDP blocked: video back .* (\d+) ms/,
    unit: 'ms',
  },
  {
    name: 'back after Wi-Fi to mobile data, offline between',
    pattern: /^network change offline a moment between: video back .* (\d+) ms/,
    unit: 'ms',
  },
  {
    name: 'back after Wi-Fi to mobile data, handover',
    pattern: /^network change in a handover: video back .* (\d+) ms/,
    unit: 'ms',
  },
  { name: '256 kbit/s: video paused after', pattern: /^256 kbit\/s: the student's video paused (\d+) s/, unit: 's' },
  { name: 'cap lifted: video back after', pattern: /^cap lifted: her video back (\d+) s/, unit: 's' },
];

const found = new Map<string, number[]>(FIGURES.map((f) => [f.name, []]));
const run = spawnSync(
  'node',
  [
    'scripts/e2e.mjs',
    'e2e/networks.spec.ts',
    '--project=phone',
    '--retries=0',
    `--repeat-each=${runs}`,
    '-g',
    'UDP|256|5%',
  ],
  { encoding: 'utf8', env: { ...process.env, E2E_SKIP_BUILD: '1' }, maxBuffer: 64 * 1024 * 1024 },
);
for (const line of run.stdout.split('\n')) {
  for (const figure of FIGURES) {
    const value = figure.pattern.exec(line.trim())?.[1];
    if (value) found.get(figure.name)?.push(Number(value));
  }
}
if (run.status !== 0) {
  // the runner's account of what failed, so a failing network is seen, not only missing from the table
  const summary = run.stdout.slice(run.stdout.lastIndexOf('\n  1) ') + 1 || -4000);
  console.error(`some journeys failed (exit ${run.status}): their figures are left out\n${summary.slice(0, 6000)}`);
}
if ([...found.values()].every((values) => values.length === 0)) {
  console.error('no figures: the lab could not run here (it needs root, iproute2, nftables, coturn and Chromium)');
  process.exit(1);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
console.log(`\nlessons on the lab's networks, ${runs} runs each (this machine's figures, not limits)`);
console.log(`${'figure'.padEnd(40)}${'median'.padStart(10)}${'lowest'.padStart(10)}${'highest'.padStart(10)}  runs`);
for (const figure of FIGURES) {
  const values = found.get(figure.name) ?? [];
  const cell = (value: number | undefined) =>
    (value === undefined ? '—' : `${Math.round(value)} ${figure.unit}`).padStart(10);
  console.log(
    `${figure.name.padEnd(40)}${cell(values.length ? median(values) : undefined)}${cell(values.length ? Math.min(...values) : undefined)}${cell(values.length ? Math.max(...values) : undefined)}  ${values.length}`,
  );
}
process.exit(run.status === 0 ? 0 : 1);
