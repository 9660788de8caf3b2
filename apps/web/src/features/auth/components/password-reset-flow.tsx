import { isApiError } from '@darsak/client';
import { RESEND_COOLDOWN_SECONDS } from '@darsak/domain/verification';
import { Button, CodeField, Form, FormActions, FormError, Stepper, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { codeResolver, formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useCheckPasswordCode, useResetPassword, useSendPasswordCode } from '../hooks/use-auth-mutations.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Step = 0 | 1 | 2;

const emailResolver = formResolver((forms) => forms.EmailForm);
const passwordResolver = formResolver((forms) => forms.NewPasswordForm);

export interface PasswordResetFlowProps {
  initialEmail?: string;
  initialCode?: string;
  /** Called after the new password was saved. */
  onDone: () => void;
}

/**
 * The password reset of spec §2: e-mail, then the 5-digit code, then the new password. The code is checked
 * before the new password is asked for (without using it up); should it die meanwhile, saving the password
 * returns to the code step.
 */
export function PasswordResetFlow({ initialEmail = '', initialCode = '', onDone }: PasswordResetFlowProps) {
  const { t, format } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const [step, setStep] = useState<Step>(initialEmail ? 1 : 0);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string>();
  const countdown = useCountdown();
  const sendCode = useSendPasswordCode();
  const checkCode = useCheckPasswordCode();
  const reset = useResetPassword();

  const emailForm = useForm({ resolver: emailResolver, defaultValues: { email: initialEmail } });
  const codeForm = useForm({ resolver: codeResolver, defaultValues: { code: initialCode } });
  const passwordForm = useForm({
    resolver: passwordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const send = (address: string) =>
    sendCode.mutate(address, {
      onSuccess: () => {
        setEmail(address);
        setCodeError(undefined);
        setStep(1);
        countdown.start(RESEND_COOLDOWN_SECONDS);
      },
    });

  const steps = [t('auth.reset.steps.email'), t('auth.reset.steps.code'), t('auth.reset.steps.password')];

  return (
    <div className="flex flex-col gap-5">
      <Stepper steps={steps} current={step} />

      {step === 0 && (
        <Form data-schema-form onSubmit={emailForm.handleSubmit((values) => send(values.email))}>
          <p className="text-muted">{t('auth.reset.emailIntro')}</p>
          <FormError message={sendCode.error ? errorText(sendCode.error) : undefined} />
          <TextField
            label={t('field.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            required
            error={fieldText(emailForm.formState.errors.email)}
            {...emailForm.register('email')}
          />
          <Button type="submit" block loading={sendCode.isPending}>
            {t('auth.reset.sendCode')}
          </Button>
        </Form>
      )}

      {step === 1 && (
        <Form
          data-schema-form
          onSubmit={codeForm.handleSubmit((values) => {
            const checked = values.code;
            setCodeError(undefined);
            checkCode.mutate(
              { email, code: checked },
              {
                onSuccess: () => {
                  setCode(checked);
                  setStep(2);
                },
                onError: (error) => setCodeError(errorText(error)),
              },
            );
          })}
        >
          <p className="text-muted">
            {t('auth.reset.codeIntro')}{' '}
            <span dir="ltr" className="font-semibold text-ink">
              {email}
            </span>
          </p>
          <FormError message={codeError} />
          <CodeField
            label={t('field.code')}
            required
            autoFocus
            error={fieldText(codeForm.formState.errors.code)}
            {...codeForm.register('code')}
          />
          <FormError message={sendCode.error ? errorText(sendCode.error) : undefined} />
          <FormActions className="justify-between">
            <Button type="submit" loading={checkCode.isPending}>
              {t('common.next')}
            </Button>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="ghost"
                size="sm"
                disabled={countdown.secondsLeft > 0}
                loading={sendCode.isPending}
                onClick={() => send(email)}
              >
                {countdown.secondsLeft > 0
                  ? t('auth.reset.resendIn', { seconds: format.number(countdown.secondsLeft) })
                  : t('auth.reset.resend')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setStep(0)}>
                {t('auth.reset.changeEmail')}
              </Button>
            </div>
          </FormActions>
        </Form>
      )}

      {step === 2 && (
        <Form
          data-schema-form
          onSubmit={passwordForm.handleSubmit((values) => {
            const { password } = values;
            reset.mutate(
              { email, code, password },
              {
                onSuccess: onDone,
                onError: (error) => {
                  if (
                    isApiError(error, 'invalid-verification-code') ||
                    isApiError(error, 'expired-verification-code')
                  ) {
                    setCodeError(errorText(error));
                    codeForm.setValue('code', '');
                    setStep(1);
                  }
                },
              },
            );
          })}
        >
          <p className="text-muted">{t('auth.reset.passwordIntro')}</p>
          <FormError message={reset.error ? errorText(reset.error) : undefined} />
          <NewPasswordFields form={passwordForm} label="field.newPassword" autoFocus />
          <FormActions className="justify-between">
            <Button type="submit" loading={reset.isPending}>
              {t('auth.reset.submit')}
            </Button>
            <Button variant="ghost" onClick={() => setStep(1)}>
              {t('common.back')}
            </Button>
          </FormActions>
        </Form>
      )}
    </div>
  );
}
