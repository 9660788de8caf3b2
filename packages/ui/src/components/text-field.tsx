import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { controlClasses, Field, type FieldBaseProps } from './field.tsx';

export type TextFieldProps = FieldBaseProps & Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string };

export function TextField({ label, error, hint, required, className, inputClassName, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} id={id}>
      {(control) => (
        <input className={cn(controlClasses(Boolean(error)), 'h-11', inputClassName)} {...control} {...input} />
      )}
    </Field>
  );
}

/** A 5-digit verification code (spec §5): one numeric field, filled by the OS from SMS or mail when it can. */
export function CodeField({ length = 5, ...props }: Omit<TextFieldProps, 'type' | 'maxLength'> & { length?: number }) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${length}}`}
      maxLength={length}
      dir="ltr"
      inputClassName="text-center font-mono text-2xl tracking-[0.6em]"
      {...props}
    />
  );
}
