import { Alert, buttonClasses, ComingSoon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ProfileStatusAlert } from '../../../components/profile-status-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { Role } from '../../../lib/roles.ts';

/** /t/dashboard: greeting, profile and activation state; stats and lessons come with their features. */
export function TutorDashboardPage() {
  const t = useT();
  const { user, meta } = useAuth();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('page.tutorDashboard.title', { name: user.name })}
        subtitle={t('page.tutorDashboard.subtitle')}
      />
      <ProfileStatusAlert user={user} />
      {user.role === Role.tutor && meta && !meta.activated && (
        <Alert
          tone="info"
          title={t('dashboard.tutor.notActivated.title')}
          action={
            <Link to={paths.tutorOnboarding.href()} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
              {t('sidebar.onboarding')}
            </Link>
          }
        >
          {t('dashboard.tutor.notActivated.body')}
        </Alert>
      )}
      <ComingSoon feature={t('feature.tutorDashboard')} />
    </div>
  );
}
