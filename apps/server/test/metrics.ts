import type { FastifyInstance } from 'fastify';

/** One sample line of Prometheus's text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape, as Prometheus reads them (comments skipped, label values unescaped). */
export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = '', labelText = '', value = ''] = match;
    const labels = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map(([, key = '', raw = '']) => [
        key,
        raw.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c)),
      ]),
    );
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** How much the app has counted of `name` with exactly these labels (0 before the first count). */
export async function countedBy(app: FastifyInstance, name: string, labels: Record<string, string> = {}) {
  const metric = app.metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric named ${name}`);
  const { values } = await metric.get();
  const same = (other: object) =>
    Object.keys(other).length === Object.keys(labels).length &&
    Object.entries(labels).every(([key, value]) => (other as Record<string, unknown>)[key] === value);
  return values.find((v) => same(v.labels))?.value ?? 0;
}
