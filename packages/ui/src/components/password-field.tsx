import { type ComponentProps, useState } from 'react';
import { useT } from '../i18n/i18n-provider.tsx';
import { controlClasses, Field, type FieldBaseProps } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export type PasswordFieldProps = FieldBaseProps & Omit<ComponentProps<'input'>, 'className' | 'type'>;

export function PasswordField({ label, error, hint, required, className, id, ...input }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className} id={id}>
      {(control) => (
        // One direction for the field and its button, so the text never runs under the button in RTL pages.
        <div className="relative" dir="ltr">
          <input
            type={visible ? 'text' : 'password'}
            className={`${controlClasses(Boolean(error))} h-11 pe-12 text-start`}
            {...control}
            {...input}
          />
          <button
            type="button"
            className="absolute inset-y-1 end-1 flex w-10 items-center justify-center rounded-lg text-muted hover:bg-primary-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-600"
            aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={visible}
            aria-controls={control.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}
