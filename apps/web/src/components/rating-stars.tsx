import { RATING_MAX, ratingLabelOf } from '@darsak/domain/ratings';
import { cn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

/** Five stars side by side in a 100 × 20 box, as one path: one star is drawn at each 20 units. */
const STARS = Array.from({ length: RATING_MAX }, (_, i) => {
  const x = i * 20;
  return `M${x + 10} 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L${x + 10} 14.9l-5.2 2.7 1-5.8L${x + 1.5} 7.7l5.9-.9z`;
}).join('');
const BOX = RATING_MAX * 20;

/**
 * The stars as one SVG of four elements (grey stars, then gold ones cut at the rating by a nested viewport), not five
 * of six: a list of tutors draws dozens of ratings on a phone. Mirrored in right-to-left pages, so the gold starts
 * at the first star.
 */
function Stars({ value }: { value: number }) {
  const gold = Math.max(0, Math.min(BOX, (value / RATING_MAX) * BOX));
  return (
    <svg viewBox={`0 0 ${BOX} 20`} className="h-4 w-20 rtl:-scale-x-100" fill="currentColor" aria-hidden="true">
      <path d={STARS} className="text-stone-300" />
      <svg width={gold} height="20" viewBox={`0 0 ${gold} 20`} className="text-accent-400" aria-hidden="true">
        <path d={STARS} />
      </svg>
    </svg>
  );
}

/**
 * A rating as stars with its label (bad, accepted, good, very good, excellent) for screen readers and, when
 * asked, on screen.
 */
export function RatingStars({
  value,
  showLabel = false,
  className,
}: {
  value: number;
  showLabel?: boolean;
  className?: string;
}) {
  const { locale, format, t } = useI18n();
  const label = ratingLabelOf(value);
  const labelText = label ? (locale === 'ar' ? label.ar : label.en) : '';
  const spoken = t('booking.rating.spoken', {
    value: format.number(value, { maximumFractionDigits: 1 }),
    max: format.number(RATING_MAX),
    label: labelText,
  });
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span role="img" aria-label={spoken} className="inline-flex">
        <Stars value={value} />
      </span>
      {showLabel && labelText && (
        <span aria-hidden="true" className="text-sm font-semibold text-ink">
          {labelText}
        </span>
      )}
    </span>
  );
}
