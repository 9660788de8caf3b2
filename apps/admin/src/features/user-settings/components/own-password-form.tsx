import { errorCodeOf } from '@darsak/client';
import { authContract } from '@darsak/domain/auth';
import { Password, passwordsMatch } from '@darsak/domain/users';
import { Button, Card, Form, FormActions, FormError, PasswordField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

const PasswordForm = z
  .object({ currentPassword: z.string().min(1, 'required'), password: Password, confirmPassword: z.string() })
  .superRefine(passwordsMatch);
type PasswordFormValues = z.infer<typeof PasswordForm>;

/** A new password proven by the current one; the staff member's other devices are signed out. */
export function OwnPasswordForm() {
  const { t, fieldMessage, errorMessage } = useI18n();
  const { toast } = useToast();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: (values: PasswordFormValues) =>
      api.callRoute(authContract.changePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.password },
      }),
    onSuccess: () => {
      form.reset();
      toast({ type: 'success', title: t('staff.settings.passwordChanged') });
    },
  });
  const { errors } = form.formState;
  return (
    <Card title={t('staff.settings.password')} description={t('staff.settings.passwordHint')}>
      <Form onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <FormError message={change.error ? errorMessage(errorCodeOf(change.error)) : undefined} />
        <div className="grid gap-4 sm:grid-cols-3">
          <PasswordField
            label={t('staff.settings.currentPassword')}
            autoComplete="current-password"
            required
            error={fieldMessage(errors.currentPassword?.message)}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label={t('staff.settings.newPassword')}
            autoComplete="new-password"
            required
            error={fieldMessage(errors.password?.message)}
            {...form.register('password')}
          />
          <PasswordField
            label={t('staff.settings.confirmPassword')}
            autoComplete="new-password"
            required
            error={fieldMessage(errors.confirmPassword?.message)}
            {...form.register('confirmPassword')}
          />
        </div>
        <FormActions>
          <Button type="submit" loading={change.isPending}>
            {t('staff.settings.changePassword')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
