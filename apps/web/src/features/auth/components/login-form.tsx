import { Button, Form, FormError, PasswordField, TextField, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { usePasswordSignIn } from '../hooks/use-auth-mutations.ts';
import { AccountDisabledHelp } from './account-disabled-help.tsx';

const resolver = formResolver((forms) => forms.SignInForm);

/** E-mail and password sign-in; on success the session is stored and the guest guard moves on. */
export function LoginForm({ forgotPassword }: { forgotPassword?: React.ReactNode }) {
  const t = useT();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const signInMutation = usePasswordSignIn();
  const form = useForm({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signInMutation.mutate(values, {
      onSuccess: ({ user }) => toast({ type: 'success', title: t('auth.login.welcome', { name: user.name }) }),
    }),
  );

  return (
    <Form data-schema-form onSubmit={onSubmit} aria-label={t('page.login.title')}>
      <FormError message={signInMutation.error ? errorText(signInMutation.error) : undefined} />
      <AccountDisabledHelp error={signInMutation.error} />
      <TextField
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        error={fieldText(errors.email)}
        {...form.register('email')}
      />
      <PasswordField
        label={t('field.password')}
        autoComplete="current-password"
        required
        error={fieldText(errors.password)}
        {...form.register('password')}
      />
      {forgotPassword && <div className="-mt-2 text-end text-sm">{forgotPassword}</div>}
      <Button type="submit" block loading={signInMutation.isPending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
