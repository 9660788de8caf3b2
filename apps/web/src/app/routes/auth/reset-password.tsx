import { textLinkClasses, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { PasswordResetFlow } from '../../../features/auth/components/password-reset-flow.tsx';

/** /reset-password?email=…&code=…: a link from the reset e-mail lands on the code and new-password steps. */
export function ResetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [search] = useSearchParams();
  return (
    <AuthCard
      title={t('page.resetPassword.title')}
      subtitle={t('page.resetPassword.intro')}
      footer={
        <Link className={textLinkClasses} to={paths.login.href()}>
          {t('auth.reset.backToLogin')}
        </Link>
      }
    >
      <PasswordResetFlow
        initialEmail={search.get('email') ?? ''}
        initialCode={search.get('code') ?? ''}
        onDone={() => {
          toast({ type: 'success', title: t('auth.reset.success') });
          navigate(paths.login.href(), { replace: true });
        }}
      />
    </AuthCard>
  );
}
