import { Alert, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useSearchParams } from 'react-router';
import { paths, safeNext } from '../../../config/paths.ts';
import { AuthCard, OrDivider } from '../../../features/auth/components/auth-card.tsx';
import { ForgotPasswordDialog } from '../../../features/auth/components/forgot-password-dialog.tsx';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { useGoogleSignIn } from '../../../features/auth/hooks/use-auth-mutations.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';

export function LoginPage() {
  const t = useT();
  const [search] = useSearchParams();
  const { googleClientId } = usePublicConfig();
  const google = useGoogleSignIn();
  const errorText = useErrorText();
  const { toast } = useToast();
  const next = safeNext(search.get('next'));

  return (
    <AuthCard
      title={t('page.login.title')}
      subtitle={t('page.login.subtitle')}
      footer={
        <>
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link className="font-semibold text-primary-700 hover:underline" to={paths.register.href('student')}>
              {t('auth.login.registerStudent')}
            </Link>
          </p>
          <p>
            <Link className="font-semibold text-primary-700 hover:underline" to={paths.register.href('tutor')}>
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
      {googleClientId && (
        <>
          <OrDivider label={t('auth.or')} />
          {google.error && (
            <Alert tone="error" className="mb-3">
              {errorText(google.error)}
            </Alert>
          )}
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={(credential) =>
              google.mutate(credential, {
                onSuccess: ({ user }) =>
                  toast({ type: 'success', title: t('auth.login.welcome', { name: user.name }) }),
              })
            }
          />
        </>
      )}
    </AuthCard>
  );
}
