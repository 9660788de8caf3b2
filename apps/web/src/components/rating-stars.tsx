import { RATING_MAX, ratingLabelOf } from '@darsak/domain/ratings';
import { cn } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

const STAR_POSITIONS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

function Star({ fill }: { fill: number }) {
  return (
    <span className="relative inline-block size-4" aria-hidden="true">
      <svg
        viewBox="0 0 20 20"
        className="absolute inset-0 size-4 text-stone-300"
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
        <svg viewBox="0 0 20 20" className="size-4 text-accent-400" fill="currentColor" aria-hidden="true">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      </span>
    </span>
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
      <span role="img" aria-label={spoken} className="inline-flex gap-0.5">
        {STAR_POSITIONS.map((position) => (
          <Star key={position} fill={Math.max(0, Math.min(1, value - position + 1))} />
        ))}
      </span>
      {showLabel && labelText && (
        <span aria-hidden="true" className="text-sm font-semibold text-ink">
          {labelText}
        </span>
      )}
    </span>
  );
}
