import { PasswordField } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldErrorText } from '../../../lib/forms.ts';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/**
 * A new password and its confirmation (register, reset, change): the same labels, hints and autocomplete, so
 * password managers offer to generate and save it everywhere.
 */
export function NewPasswordFields<T extends FieldValues & NewPassword>({
  form,
  label = 'field.password',
  autoFocus = false,
}: {
  form: UseFormReturn<T>;
  label?: 'field.password' | 'field.newPassword';
  autoFocus?: boolean;
}) {
  const t = useT();
  const fieldText = useFieldErrorText();
  const errors = form.formState.errors as Partial<Record<keyof NewPassword, FieldError>>;
  return (
    <>
      <PasswordField
        label={t(label)}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        hint={t('field.passwordHint')}
        error={fieldText(errors.password)}
        {...form.register('password' as Path<T>)}
      />
      <PasswordField
        label={t('field.confirmPassword')}
        autoComplete="new-password"
        required
        error={fieldText(errors.confirmPassword)}
        {...form.register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
