import { errorCodeOf, isApiError } from '@darsak/client';
import type { InvitePreview } from '@darsak/domain/invites';
import { isTutorLike, Role, type SignedIn } from '@darsak/domain/users';
import { Alert, Button, buttonClasses, Form, FormError, TextField } from '@darsak/ui';
import { type MessageKey, useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ADMIN_URL } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { signIn } from '../../../lib/auth-store.ts';
import { applyServerFieldErrors, registerResolvers, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';
import { useAcceptInvite } from '../hooks/use-invite.ts';

/** Roles whose work is done in the admin app: they are sent there to sign in. */
const worksInAdmin = (role: number) =>
  role === Role.superAdmin || role === Role.admin || role === Role.studio || role === Role.tutorManager;

/** Who invited the person and as what, then the registration form with the invite's e-mail fixed. */
export function InviteRegister({ token, invite }: { token: string; invite: InvitePreview }) {
  const t = useT();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const accept = useAcceptInvite(token);
  const [done, setDone] = useState<SignedIn | null>(null);
  const form = useForm({
    resolver: registerResolvers[isTutorLike(invite.role) ? 'tutor' : 'student'],
    defaultValues: { name: invite.name ?? '', email: invite.email, password: '', confirmPassword: '', phone: '' },
  });
  const { errors } = form.formState;
  const role = t(`role.${invite.role}` as MessageKey);

  if (done) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <Alert tone="success">{t('invite.done', { role })}</Alert>
        {worksInAdmin(done.user.role) ? (
          <a className={buttonClasses({ block: true })} href={`${ADMIN_URL}/login`}>
            {t('invite.openAdmin')}
          </a>
        ) : (
          <Button block onClick={() => navigate(paths.home.href())}>
            {t('invite.start')}
          </Button>
        )}
      </div>
    );
  }

  const onSubmit = form.handleSubmit((values) => {
    const { name, password, phone } = values;
    accept.mutate(
      { name, password, ...(phone ? { phone } : {}) },
      {
        onSuccess: (signedIn) => {
          // Staff sign in to the admin app themselves; students and tutors start here at once.
          if (!worksInAdmin(signedIn.user.role)) signIn(signedIn);
          setDone(signedIn);
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ['name', 'password', 'phone']);
          if (isApiError(error, 'api-invalid-user-name')) {
            form.setError('name', { type: 'server', message: 'api-invalid-user-name' });
          }
        },
      },
    );
  });

  return (
    <>
      <Alert tone="info" className="mb-5">
        {invite.inviterName ? t('invite.from', { inviter: invite.inviterName, role }) : t('invite.fromTeam', { role })}
        {invite.planWeeklyMinutes ? ` ${t('invite.withPlan', { count: invite.planWeeklyMinutes })}` : ''}
      </Alert>
      <Form data-schema-form onSubmit={onSubmit} aria-label={t('invite.title')}>
        <FormError
          message={
            accept.error && !isApiError(accept.error, 'api-invalid-user-name') ? errorText(accept.error) : undefined
          }
        />
        <TextField
          label={t('field.email')}
          type="email"
          dir="ltr"
          readOnly
          value={invite.email}
          hint={t('invite.emailFixed')}
        />
        <TextField
          label={t(isTutorLike(invite.role) ? 'field.nameArabic' : 'field.name')}
          autoComplete="name"
          required
          hint={isTutorLike(invite.role) ? t('field.nameTutorHint') : undefined}
          error={fieldText(errors.name)}
          {...form.register('name')}
        />
        <TextField
          label={`${t('field.phone')} (${t('common.optional')})`}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          dir="ltr"
          placeholder={t('field.phonePlaceholder')}
          error={fieldText(errors.phone)}
          {...form.register('phone')}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" block loading={accept.isPending}>
          {t('invite.submit')}
        </Button>
        {errorCodeOf(accept.error) === 'invite-used' && <p className="text-sm text-muted">{t('invite.usedHint')}</p>}
      </Form>
    </>
  );
}
