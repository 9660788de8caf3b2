import { isApiError, usersKeys } from '@darsak/client';
import type { User } from '@darsak/domain/users';
import { type CodeSent, verificationContract } from '@darsak/domain/verification';
import { Button, CodeField, Dialog, Form, FormActions, FormError, SelectField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../../lib/api.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { codeResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';

export type ContactKind = 'email' | 'phone';
type PhoneMethod = 'whatsapp' | 'telegram';

/**
 * Verifies the e-mail or phone with a 5-digit code: send (phone by WhatsApp or Telegram), type the code,
 * confirm. The confirmed user replaces the stored one.
 */
export function VerifyContactDialog({ kind, user, trigger }: { kind: ContactKind; user: User; trigger: ReactNode }) {
  const { t, format } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const countdown = useCountdown();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<CodeSent>();
  const [method, setMethod] = useState<PhoneMethod>(user.notificationMethod === 'telegram' ? 'telegram' : 'whatsapp');
  const form = useForm({ resolver: codeResolver, defaultValues: { code: '' } });

  const send = useMutation({
    mutationFn: () =>
      kind === 'email'
        ? api.callRoute(verificationContract.emailSend, { body: {} })
        : api.callRoute(verificationContract.phoneSend, { body: { method } }),
    onSuccess: (result) => {
      setSent(result);
      countdown.start(result.resendAfterSeconds);
    },
  });

  const confirm = useMutation({
    mutationFn: (code: string) =>
      kind === 'email'
        ? api.callRoute(verificationContract.emailConfirm, { body: { code } })
        : api.callRoute(verificationContract.phoneVerify, { body: { code } }),
    onSuccess: (updated) => {
      authStore.updateUser(updated);
      queryClient.setQueryData(usersKeys.current(), updated);
      toast({ type: 'success', title: t(kind === 'email' ? 'verify.success.email' : 'verify.success.phone') });
      setOpen(false);
    },
    onError: (error) => {
      if (isApiError(error, 'email-already-verified') || isApiError(error, 'phone-already-verified')) {
        void queryClient.invalidateQueries({ queryKey: usersKeys.current() });
      }
    },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSent(undefined);
      send.reset();
      confirm.reset();
      form.reset();
    }
  };

  const title = t(kind === 'email' ? 'verify.email.title' : 'verify.phone.title');

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} trigger={trigger} size="sm">
      {!sent ? (
        <div className="flex flex-col gap-4">
          <p className="text-muted">
            {t(kind === 'email' ? 'verify.email.intro' : 'verify.phone.intro')}{' '}
            <span dir="ltr" className="font-semibold text-ink">
              {kind === 'email' ? user.email : user.phone}
            </span>
          </p>
          {kind === 'phone' && (
            <SelectField
              label={t('verify.phoneMethod')}
              placeholder={false}
              value={method}
              onChange={(event) => setMethod(event.target.value === 'telegram' ? 'telegram' : 'whatsapp')}
              options={[
                { value: 'whatsapp', label: t('notify.whatsapp') },
                { value: 'telegram', label: t('notify.telegram') },
              ]}
            />
          )}
          <FormError message={send.error ? errorText(send.error) : undefined} />
          <Button block loading={send.isPending} onClick={() => send.mutate()}>
            {t('verify.send')}
          </Button>
        </div>
      ) : (
        <Form data-schema-form onSubmit={form.handleSubmit((values) => confirm.mutate(values.code))}>
          <p className="text-muted">
            {t('verify.sentTo', {
              channel: t(`verify.channel.${sent.channel}`),
              count: sent.expiresInMinutes,
            })}{' '}
            <span dir="ltr" className="font-semibold text-ink">
              {sent.target}
            </span>
          </p>
          <FormError message={confirm.error ? errorText(confirm.error) : undefined} />
          <CodeField
            label={t('field.code')}
            required
            autoFocus
            error={fieldText(form.formState.errors.code)}
            {...form.register('code')}
          />
          <FormError message={send.error ? errorText(send.error) : undefined} />
          <FormActions className="justify-between">
            <Button type="submit" loading={confirm.isPending}>
              {t('verify.confirm')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={countdown.secondsLeft > 0}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              {countdown.secondsLeft > 0
                ? t('auth.reset.resendIn', { seconds: format.number(countdown.secondsLeft) })
                : t('auth.reset.resend')}
            </Button>
          </FormActions>
        </Form>
      )}
    </Dialog>
  );
}
