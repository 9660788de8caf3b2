import { errorCodeOf } from '@darsak/client';
import { SignInForm, type SignInFormInput } from '@darsak/client/forms';
import { authContract } from '@darsak/domain/auth';
import { Button, Form, FormError, PasswordField, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';

/** Staff sign-in with e-mail and password; the guard then lets staff in and tells others why not. */
export function StaffLoginForm() {
  const { t, fieldMessage, errorMessage } = useI18n();
  const signIn = useMutation({
    mutationFn: (body: SignInFormInput) => api.callRoute(authContract.password, { body: SignInForm.parse(body) }),
    onSuccess: ({ token, user }) => authStore.signIn({ token, user, meta: null }),
  });
  const form = useForm<SignInFormInput>({
    resolver: zodResolver(SignInForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <Form onSubmit={form.handleSubmit((values) => signIn.mutate(values))} aria-label={t('admin.login.title')}>
      <FormError message={signIn.error ? errorMessage(errorCodeOf(signIn.error)) : undefined} />
      <TextField
        label={t('field.email')}
        type="email"
        autoComplete="username"
        dir="ltr"
        required
        error={fieldMessage(errors.email?.message)}
        {...form.register('email')}
      />
      <PasswordField
        label={t('field.password')}
        autoComplete="current-password"
        required
        error={fieldMessage(errors.password?.message)}
        {...form.register('password')}
      />
      <Button type="submit" block loading={signIn.isPending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
