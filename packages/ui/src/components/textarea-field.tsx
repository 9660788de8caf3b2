import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { controlClasses, Field, type FieldBaseProps } from './field.tsx';

export type TextareaFieldProps = FieldBaseProps & Omit<ComponentProps<'textarea'>, 'className'>;

export function TextareaField({
  label,
  error,
  hint,
  required,
  className,
  id,
  rows = 4,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} id={id}>
      {(control) => (
        <textarea rows={rows} className={cn(controlClasses(Boolean(error)), 'py-2.5')} {...control} {...textarea} />
      )}
    </Field>
  );
}
