import { type ReactNode, useId } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';

export interface FieldBaseProps {
  label: ReactNode;
  /** Error text shown under the control; marks the control invalid and is announced. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows the required marker; the control also gets aria-required. */
  required?: boolean;
  className?: string;
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-xl border bg-surface px-3.5 text-base text-ink placeholder:text-muted/70',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-1',
    'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-muted',
    invalid
      ? 'border-red-500 focus-visible:outline-red-600'
      : 'border-line hover:border-primary-300 focus-visible:outline-primary-600',
  );

/**
 * Label, hint and error around one control; the control gets its id and
 * aria-describedby pointing at the hint and the error.
 */
export function Field({
  label,
  error,
  hint,
  required,
  className,
  id: givenId,
  children,
}: FieldBaseProps & { id?: string | undefined; children: (control: FieldControlProps) => ReactNode }) {
  const t = useT();
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span className="ms-1 text-red-600" aria-hidden="true">
            *
          </span>
        )}
        {required && <span className="sr-only"> ({t('common.required')})</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
