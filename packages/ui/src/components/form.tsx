import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Alert } from './alert.tsx';

/** A form laid out as a column; browser validation is off because the schemas validate. */
export function Form({ className, noValidate = true, ...props }: ComponentProps<'form'>) {
  return <form noValidate={noValidate} className={cn('flex flex-col gap-4', className)} {...props} />;
}

/** The form-level error (a failed request), announced when it appears. */
export function FormError({ message, title }: { message?: string | undefined | null; title?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert tone="error" title={title}>
      {message}
    </Alert>
  );
}

export function FormActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-center gap-3 pt-2', className)} {...props} />;
}

/** Groups related controls under a legend. */
export function Fieldset({
  legend,
  className,
  children,
  ...props
}: ComponentProps<'fieldset'> & { legend: ReactNode }) {
  return (
    <fieldset className={cn('flex flex-col gap-3', className)} {...props}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'className'> {
  label: ReactNode;
  className?: string;
}

/** A checkbox drawn as a selectable chip; the native input keeps keyboard and screen-reader behaviour. */
export function ChipCheckbox({ label, className, ...input }: CheckboxProps) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm',
        'has-checked:border-primary-500 has-checked:bg-primary-50 has-checked:text-primary-800',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
        className,
      )}
    >
      <input type="checkbox" className="size-4 accent-primary-600" {...input} />
      {label}
    </label>
  );
}
