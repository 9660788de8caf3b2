import { Alert, textLinkClasses } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useSearchParams } from 'react-router';
import { paths, safeNext } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { ForgotPasswordDialog } from '../../../features/auth/components/forgot-password-dialog.tsx';
import { GoogleSection } from '../../../features/auth/components/google-section.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export function LoginPage() {
  const t = useT();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));

  return (
    <AuthCard
      title={t('page.login.title')}
      subtitle={t('page.login.subtitle')}
      footer={
        <>
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link className={textLinkClasses} to={paths.register.href('student')}>
              {t('auth.login.registerStudent')}
            </Link>
          </p>
          <p>
            <Link className={textLinkClasses} to={paths.register.href('tutor')}>
              {t('auth.login.registerTutor')}
            </Link>
          </p>
        </>
      }
    >
      {next && (
        <Alert tone="info" className="mb-4">
          {t('auth.login.needed')}
        </Alert>
      )}
      <LoginForm forgotPassword={<ForgotPasswordDialog />} />
      <GoogleSection successMessage={(name) => t('auth.login.welcome', { name })} />
    </AuthCard>
  );
}
