import type { ChangePasswordFormInput } from '@darsak/client/forms';
import { Button, Form, FormActions, FormError, PasswordField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useChangePassword } from '../hooks/use-auth-mutations.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const resolver = formResolver((forms) => forms.ChangePasswordForm);
const empty: ChangePasswordFormInput = { currentPassword: '', password: '', confirmPassword: '' };

/** A signed-in password change with the current password; this device stays signed in, the others are not. */
export function ChangePasswordFormCard() {
  const { t } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const change = useChangePassword();
  const form = useForm({ resolver, defaultValues: empty });
  const { errors } = form.formState;

  return (
    <Form
      data-schema-form
      onSubmit={form.handleSubmit((values) => {
        const { currentPassword, password } = values;
        change.mutate(
          { currentPassword, newPassword: password },
          {
            onSuccess: () => {
              form.reset(empty);
              toast({ type: 'success', title: t('settings.password.success') });
            },
            onError: () => form.setFocus('currentPassword'),
          },
        );
      })}
    >
      <FormError message={change.error ? errorText(change.error) : undefined} />
      <PasswordField
        label={t('field.currentPassword')}
        autoComplete="current-password"
        required
        error={fieldText(errors.currentPassword)}
        {...form.register('currentPassword')}
      />
      <NewPasswordFields form={form} label="field.newPassword" />
      <FormActions>
        <Button type="submit" loading={change.isPending}>
          {t('settings.password.action')}
        </Button>
      </FormActions>
    </Form>
  );
}
