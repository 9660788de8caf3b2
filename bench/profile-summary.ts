// Where a CPU profile's time went, by package (node_modules) or by file of this repository, most first.
// Make a profile with `node --cpu-prof --cpu-prof-dir=/tmp/prof …` (see docs/performance.md), then:
//   node --import tsx bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [rows]
import { readFileSync } from 'node:fs';

interface Profile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rows = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const selfMs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}

const byPlace = new Map<string, number>();
let total = 0;
for (const { id, callFrame } of profile.nodes) {
  const ms = selfMs.get(id) ?? 0;
  total += ms;
  const url = callFrame.url || `(${callFrame.functionName || 'native'})`;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const place = pkg ?? url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
}
console.log(`${total.toFixed(0)} ms sampled`);
console.table(
  [...byPlace]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows))
    .map(([place, ms]) => ({ place, ms: Math.round(ms), share: `${((ms / total) * 100).toFixed(1)}%` })),
);
