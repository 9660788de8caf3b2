import { isApiError } from '@darsak/client';
import { Button, Form, FormError, TextField, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors, registerResolvers, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useRegister } from '../hooks/use-auth-mutations.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** Sign-up for students and tutors; a tutor's name must be Arabic with two parts (spec §5). */
export function RegisterForm({ role }: { role: 'student' | 'tutor' }) {
  const t = useT();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const register = useRegister();
  const form = useForm({
    resolver: registerResolvers[role],
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', phone: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const { confirmPassword: _confirm, ...input } = values;
    register.mutate(
      { role, ...input },
      {
        onSuccess: () => toast({ type: 'success', title: t('auth.register.success') }),
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['name', 'email', 'password', 'phone']);
          if (isApiError(error, 'user-exists')) form.setError('email', { type: 'server', message: 'user-exists' });
          if (isApiError(error, 'api-invalid-user-name')) {
            form.setError('name', { type: 'server', message: 'api-invalid-user-name' });
          }
        },
      },
    );
  });

  return (
    <Form
      data-schema-form
      onSubmit={onSubmit}
      aria-label={t(role === 'tutor' ? 'page.register.tutor.title' : 'page.register.student.title')}
    >
      <FormError message={register.error ? errorText(register.error) : undefined} />
      <TextField
        label={t(role === 'tutor' ? 'field.nameArabic' : 'field.name')}
        autoComplete="name"
        required
        hint={role === 'tutor' ? t('field.nameTutorHint') : undefined}
        error={fieldText(errors.name)}
        {...form.register('name')}
      />
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
      <TextField
        label={`${t('field.phone')} (${t('common.optional')})`}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        dir="ltr"
        placeholder={t('field.phonePlaceholder')}
        hint={t('field.phoneHint')}
        error={fieldText(errors.phone)}
        {...form.register('phone')}
      />
      <NewPasswordFields form={form} />
      <Button type="submit" block loading={register.isPending}>
        {t('auth.register.submit')}
      </Button>
    </Form>
  );
}
