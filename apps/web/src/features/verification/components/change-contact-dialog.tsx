import { usersKeys } from '@darsak/client';
import type { User } from '@darsak/domain/users';
import { type CodeSent, verificationContract } from '@darsak/domain/verification';
import {
  Button,
  buttonClasses,
  CodeField,
  Dialog,
  Form,
  FormActions,
  FormError,
  PasswordField,
  TextField,
  useToast,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth-store.ts';
import {
  applyServerFieldErrors,
  codeResolver,
  formResolver,
  useErrorText,
  useFieldErrorText,
} from '../../../lib/forms.ts';
import type { ContactKind } from './verify-contact-dialog.tsx';

const contactChangeResolvers = {
  email: formResolver((forms) => forms.contactChangeForm('email')),
  phone: formResolver((forms) => forms.contactChangeForm('phone')),
};

/**
 * Changes the e-mail or the mobile number (issue 9): the new address and the current password, then the 5-digit
 * code sent to the new address. A session alone cannot change either; the previous address is told by e-mail.
 * An account without a password (made with Google) is sent to create one first.
 */
export function ChangeContactDialog({ kind, user, trigger }: { kind: ContactKind; user: User; trigger: ReactNode }) {
  const { t } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<CodeSent>();
  const request = useForm({
    resolver: contactChangeResolvers[kind],
    defaultValues: { value: '', currentPassword: '' },
  });
  const codeForm = useForm({ resolver: codeResolver, defaultValues: { code: '' } });

  const send = useMutation({
    mutationFn: ({ value, currentPassword }: { value: string; currentPassword: string }) =>
      kind === 'email'
        ? api.callRoute(verificationContract.emailChange, { body: { email: value, currentPassword } })
        : api.callRoute(verificationContract.phoneChange, { body: { phone: value, currentPassword } }),
    onSuccess: setSent,
    onError: (error) => applyServerFieldErrors(error, request.setError, ['currentPassword']),
  });

  const confirm = useMutation({
    mutationFn: (code: string) =>
      kind === 'email'
        ? api.callRoute(verificationContract.emailChangeConfirm, { body: { code } })
        : api.callRoute(verificationContract.phoneChangeConfirm, { body: { code } }),
    onSuccess: (updated) => {
      authStore.updateUser(updated);
      queryClient.setQueryData(usersKeys.current(), updated);
      toast({ type: 'success', title: t(`contactChange.${kind}.success`) });
      setOpen(false);
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSent(undefined);
      send.reset();
      confirm.reset();
      request.reset();
      codeForm.reset();
    }
  };

  const body = !user.hasPassword ? (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('contactChange.noPassword')}</p>
      <Link to={paths.forgetPassword.href()} className={buttonClasses({ variant: 'secondary' })}>
        {t('settings.password.create')}
      </Link>
    </div>
  ) : !sent ? (
    <Form data-schema-form onSubmit={request.handleSubmit((values) => send.mutate(values))}>
      <p className="text-muted">{t(`contactChange.${kind}.intro`)}</p>
      <FormError message={send.error ? errorText(send.error) : undefined} />
      <TextField
        label={t(`contactChange.${kind}.new`)}
        type={kind === 'email' ? 'email' : 'tel'}
        inputMode={kind === 'email' ? 'email' : 'tel'}
        autoComplete={kind === 'email' ? 'email' : 'tel-national'}
        dir="ltr"
        required
        autoFocus
        placeholder={kind === 'phone' ? '01xxxxxxxxx' : undefined}
        error={fieldText(request.formState.errors.value)}
        {...request.register('value')}
      />
      <PasswordField
        label={t('field.currentPassword')}
        autoComplete="current-password"
        required
        error={fieldText(request.formState.errors.currentPassword)}
        {...request.register('currentPassword')}
      />
      <FormActions>
        <Button type="submit" loading={send.isPending}>
          {t('verify.send')}
        </Button>
      </FormActions>
    </Form>
  ) : (
    <Form data-schema-form onSubmit={codeForm.handleSubmit((values) => confirm.mutate(values.code))}>
      <p className="text-muted">
        {t('verify.sentTo', { channel: t(`verify.channel.${sent.channel}`), count: sent.expiresInMinutes })}{' '}
        <span dir="ltr" className="font-semibold text-ink">
          {sent.target}
        </span>
      </p>
      <FormError message={confirm.error ? errorText(confirm.error) : undefined} />
      <CodeField
        label={t('field.code')}
        required
        autoFocus
        error={fieldText(codeForm.formState.errors.code)}
        {...codeForm.register('code')}
      />
      <FormActions>
        <Button type="submit" loading={confirm.isPending}>
          {t('verify.confirm')}
        </Button>
      </FormActions>
    </Form>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`contactChange.${kind}.title`)}
      trigger={trigger}
      size="sm"
    >
      {body}
    </Dialog>
  );
}
