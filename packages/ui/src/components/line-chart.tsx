import { useId } from 'react';
import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

export type LineTone = 'primary' | 'accent' | 'error' | 'info';

const STROKES: Record<LineTone, string> = {
  primary: 'stroke-primary-600',
  accent: 'stroke-accent-500',
  error: 'stroke-red-600',
  info: 'stroke-sky-600',
};
const SWATCHES: Record<LineTone, string> = {
  primary: 'bg-primary-600',
  accent: 'bg-accent-500',
  error: 'bg-red-600',
  info: 'bg-sky-600',
};

/** A reading at time `x` (milliseconds); null leaves a gap in the line. */
export interface LinePoint {
  x: number;
  y: number | null;
}

export interface LineSeries {
  name: string;
  points: readonly LinePoint[];
  tone?: LineTone;
}

export interface LineChartProps {
  /** The chart's accessible name (and visible heading). */
  title: string;
  series: readonly LineSeries[];
  formatValue: (value: number) => string;
  formatTime: (x: number) => string;
  /** The time span drawn; by default that of the points. */
  xDomain?: readonly [number, number];
  /** The value axis starts here (0 by default) and ends at the largest value, or `minTop` if larger. */
  minTop?: number;
  className?: string;
}

const WIDTH = 300;
const HEIGHT = 100;

/** One path per run of points without a gap; a lone point is a zero-length line, drawn as a dot by its round cap. */
export function pathOf(points: readonly LinePoint[], toX: (x: number) => number, toY: (y: number) => number): string {
  const runs: string[][] = [[]];
  for (const { x, y } of points) {
    if (y === null) runs.push([]);
    else runs.at(-1)?.push(`${toX(x).toFixed(2)} ${toY(y).toFixed(2)}`);
  }
  return runs
    .filter((run) => run.length > 0)
    .map((run) => `M${run[0]} L${(run.length > 1 ? run.slice(1) : run).join(' L')}`)
    .join(' ');
}

const valuesOf = (series: LineSeries) =>
  series.points.flatMap((p) => (p.y === null || !Number.isFinite(p.y) ? [] : [p.y]));

/**
 * Values over time as lines (plain SVG, scales to its box). Time runs the way the text does: right to left in
 * Arabic. Screen readers get each series' latest, lowest and highest value in words instead of the drawing.
 */
export function LineChart({ title, series, formatValue, formatTime, xDomain, minTop = 0, className }: LineChartProps) {
  const { t, dir } = useI18n();
  const headingId = useId();
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const [from, to] = xDomain ?? [Math.min(...xs), Math.max(...xs)];
  const top = Math.max(minTop, ...series.flatMap(valuesOf), 0) || 1;
  const span = to - from || 1;
  const toX = (x: number) => {
    const share = (x - from) / span;
    return (dir === 'rtl' ? 1 - share : share) * WIDTH;
  };
  const toY = (y: number) => HEIGHT - (Math.max(0, y) / top) * HEIGHT;
  const empty = series.every((s) => valuesOf(s).length === 0);

  return (
    <figure aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {title}
        </h3>
        {series.length > 1 && (
          <ul className="flex flex-wrap gap-3 text-xs text-muted" aria-hidden="true">
            {series.map((s) => (
              <li key={s.name} className="flex items-center gap-1">
                <span className={cn('inline-block h-0.5 w-3 rounded', SWATCHES[s.tone ?? 'primary'])} />
                {s.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      {empty ? (
        <p className="text-sm text-muted">{t('lineChart.noData')}</p>
      ) : (
        <div aria-hidden="true" className="grid grid-cols-[auto_1fr] gap-x-2 text-[11px] text-muted tabular-nums">
          <div className="flex h-24 flex-col justify-between text-end">
            <span>{formatValue(top)}</span>
            <span>{formatValue(0)}</span>
          </div>
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-24 w-full overflow-visible border-line border-b border-s"
          >
            <line x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-line" strokeDasharray="3 3" />
            {series.map((s) => (
              <path
                key={s.name}
                d={pathOf(s.points, toX, toY)}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                className={STROKES[s.tone ?? 'primary']}
              />
            ))}
          </svg>
          <span />
          <div className="flex justify-between">
            <span>{formatTime(from)}</span>
            <span>{formatTime(to)}</span>
          </div>
        </div>
      )}
      <figcaption className="sr-only">
        <ul>
          {series.map((s) => {
            const values = valuesOf(s);
            const latest = values.at(-1);
            return (
              <li key={s.name}>
                {latest === undefined
                  ? t('lineChart.seriesEmpty', { name: s.name })
                  : t('lineChart.seriesSummary', {
                      name: s.name,
                      latest: formatValue(latest),
                      low: formatValue(Math.min(...values)),
                      high: formatValue(Math.max(...values)),
                    })}
              </li>
            );
          })}
        </ul>
      </figcaption>
    </figure>
  );
}
