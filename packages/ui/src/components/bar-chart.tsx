import { useI18n } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

/** One bar: its value, a short axis label and the full sentence screen readers hear. */
export interface BarDatum {
  key: string;
  value: number;
  label: string;
  description: string;
}

export interface BarChartProps {
  /** The chart's accessible name. */
  title: string;
  /** In time order, oldest first. */
  bars: readonly BarDatum[];
  /** Axis labels under every nth bar only (long series on a phone); every bar by default. */
  labelEvery?: number;
  tone?: 'primary' | 'accent';
  className?: string;
}

const HEIGHT = 140;
const BAR = 18;
const GAP = 10;
const FILLS = { primary: 'fill-primary-500', accent: 'fill-accent-500' } as const;

/**
 * Bars in plain SVG, scaled to the largest value. Time runs the way the text does (right to left in Arabic); each
 * bar carries its sentence as a tooltip and the figure lists them all for screen readers.
 */
export function BarChart({ title, bars, labelEvery = 1, tone = 'primary', className }: BarChartProps) {
  const { dir } = useI18n();
  const top = Math.max(...bars.map((b) => b.value), 1);
  const width = Math.max(bars.length, 1) * (BAR + GAP);
  return (
    <figure className={cn('overflow-x-auto', className)}>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${width} ${HEIGHT + 24}`}
        className="h-44 w-full min-w-72"
        preserveAspectRatio="none"
      >
        {bars.map((bar, i) => {
          const h = Math.round((Math.max(bar.value, 0) / top) * HEIGHT);
          const x = (dir === 'rtl' ? bars.length - 1 - i : i) * (BAR + GAP) + GAP / 2;
          const labelled = (bars.length - 1 - i) % labelEvery === 0;
          return (
            <g key={bar.key}>
              <title>{bar.description}</title>
              <rect x={x} y={HEIGHT - h} width={BAR} height={Math.max(h, 1)} rx={3} className={FILLS[tone]} />
              {labelled && (
                <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" className="fill-muted text-[9px]">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <ul>
          {bars.map((bar) => (
            <li key={bar.key}>{bar.description}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
