import { errorCodeOf } from '@darsak/client';
import { Alert, buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { InviteRegister } from '../../../features/invites/components/invite-register.tsx';
import { useInvitePreview } from '../../../features/invites/hooks/use-invite.ts';

/** /invite/{token}: the link an invitation e-mail carries; used, revoked or expired links are told plainly. */
export function InvitePage() {
  const { t, errorMessage } = useI18n();
  const token = useParams().token ?? '';
  const invite = useInvitePreview(token);
  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle')}>
      {invite.isPending ? (
        <Spinner className="mx-auto size-8 text-primary-600" label={t('common.loading')} />
      ) : invite.isError ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{errorMessage(errorCodeOf(invite.error))}</Alert>
          <Link className={buttonClasses({ variant: 'secondary', block: true })} to={paths.login.href()}>
            {t('nav.login')}
          </Link>
        </div>
      ) : (
        <InviteRegister token={token} invite={invite.data} />
      )}
    </AuthCard>
  );
}
