import { NotFound, textLinkClasses } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { SITE_URL } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { GoogleSection } from '../../../features/auth/components/google-section.tsx';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';

const isRegisterRole = (value: string | undefined): value is 'student' | 'tutor' =>
  value === 'student' || value === 'tutor';

/** /register/student and /register/tutor. */
export function RegisterPage() {
  const t = useT();
  const { role } = useParams();
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
            <Link className={textLinkClasses} to={paths.login.href()}>
              {t('nav.login')}
            </Link>
          </p>
          <p>
            <Link className={textLinkClasses} to={paths.register.href(tutor ? 'student' : 'tutor')}>
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
      <GoogleSection role={role} successMessage={() => t('auth.register.success')} />
    </AuthCard>
  );
}
