import { cn } from '@darsak/ui';
import type { ReactNode } from 'react';

export interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** A second line under the label. */
  detail?: ReactNode;
  disabled?: boolean;
}

/**
 * Radio buttons drawn as cards: native inputs keep arrow-key moves and screen-reader announcements
 * ("2 of 7, selected").
 */
export function ChoiceGroup<V extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
  columns = 'grid-cols-2 sm:grid-cols-3',
  hideLegend = false,
  description,
}: {
  legend: ReactNode;
  /** A note under the legend, read with the group. */
  description?: ReactNode;
  name: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  columns?: string;
  hideLegend?: boolean;
}) {
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={description ? `${name}-description` : undefined}
    >
      <legend className={cn('mb-2 text-sm font-semibold text-ink', hideLegend && 'sr-only')}>{legend}</legend>
      {description && (
        <p id={`${name}-description`} className="-mt-2 text-sm text-muted">
          {description}
        </p>
      )}
      <div className={cn('grid gap-2', columns)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer flex-col gap-0.5 rounded-xl border border-line bg-surface px-3 py-2.5 text-start',
              'hover:border-primary-300 has-checked:border-primary-600 has-checked:bg-primary-50',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
              choice.disabled && 'cursor-not-allowed opacity-50 hover:border-line',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={String(choice.value)}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className="font-semibold text-ink">{choice.label}</span>
            {choice.detail && <span className="text-xs text-muted">{choice.detail}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
