import type { ComponentProps } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { controlClasses, Field, type FieldBaseProps } from './field.tsx';
import { ChevronIcon } from './icons.tsx';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldBaseProps &
  Omit<ComponentProps<'select'>, 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** Text of the empty first option; pass `false` to have none. */
    placeholder?: string | false;
  };

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  id,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const t = useT();
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} id={id}>
      {(control) => (
        <div className="relative">
          <select className={cn(controlClasses(Boolean(error)), 'h-11 appearance-none pe-10')} {...control} {...select}>
            {placeholder !== false && <option value="">{placeholder ?? t('common.selectPlaceholder')}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronIcon className="pointer-events-none absolute inset-y-0 end-3 my-auto text-muted" />
        </div>
      )}
    </Field>
  );
}
