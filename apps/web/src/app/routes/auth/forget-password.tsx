import { textLinkClasses, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { PasswordResetFlow } from '../../../features/auth/components/password-reset-flow.tsx';

/** /forget-password: the whole reset (e-mail, code, new password) as a page. */
export function ForgetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { toast } = useToast();
  return (
    <AuthCard
      title={t('page.forgetPassword.title')}
      footer={
        <Link className={textLinkClasses} to={paths.login.href()}>
          {t('auth.reset.backToLogin')}
        </Link>
      }
    >
      <PasswordResetFlow
        onDone={() => {
          toast({ type: 'success', title: t('auth.reset.success') });
          navigate(paths.login.href(), { replace: true });
        }}
      />
    </AuthCard>
  );
}
