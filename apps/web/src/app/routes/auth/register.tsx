import { Alert, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found.tsx';
import { SITE_URL } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { AuthCard, OrDivider } from '../../../features/auth/components/auth-card.tsx';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button.tsx';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { useGoogleSignIn } from '../../../features/auth/hooks/use-auth-mutations.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/use-public-config.ts';

const isRegisterRole = (value: string | undefined): value is 'student' | 'tutor' =>
  value === 'student' || value === 'tutor';

/** /register/student and /register/tutor. */
export function RegisterPage() {
  const t = useT();
  const { role } = useParams();
  const { googleClientId } = usePublicConfig();
  const google = useGoogleSignIn(isRegisterRole(role) ? role : undefined);
  const errorText = useErrorText();
  const { toast } = useToast();
  if (!isRegisterRole(role)) return <NotFound />;
  const tutor = role === 'tutor';

  return (
    <AuthCard
      title={t(tutor ? 'page.register.tutor.title' : 'page.register.student.title')}
      subtitle={t(tutor ? 'page.register.tutor.subtitle' : 'page.register.student.subtitle')}
      footer={
        <>
          <p>
            {t('auth.register.haveAccount')}{' '}
            <Link className="font-semibold text-primary-700 hover:underline" to={paths.login.href()}>
              {t('nav.login')}
            </Link>
          </p>
          <p>
            <Link
              className="font-semibold text-primary-700 hover:underline"
              to={paths.register.href(tutor ? 'student' : 'tutor')}
            >
              {t(tutor ? 'auth.register.switchToStudent' : 'auth.register.switchToTutor')}
            </Link>
          </p>
          <p className="text-xs">
            {t('auth.register.termsPrefix')}{' '}
            <a className="underline" href={`${SITE_URL}/terms/`}>
              {t('auth.register.terms')}
            </a>{' '}
            {t('auth.register.and')}{' '}
            <a className="underline" href={`${SITE_URL}/privacy/`}>
              {t('auth.register.privacy')}
            </a>
          </p>
        </>
      }
    >
      <RegisterForm key={role} role={role} />
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
                onSuccess: () => toast({ type: 'success', title: t('auth.register.success') }),
              })
            }
          />
        </>
      )}
    </AuthCard>
  );
}
