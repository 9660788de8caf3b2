import { ComingSoon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ProfileStatusAlert } from '../../../components/profile-status-alert.tsx';
import { useAuth } from '../../../lib/auth-store.ts';

/** /s/dashboard: the greeting and profile state are real; lessons, stats and chats come with their features. */
export function StudentDashboardPage() {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('page.studentDashboard.title', { name: user.name })}
        subtitle={t('page.studentDashboard.subtitle')}
      />
      <ProfileStatusAlert user={user} />
      <ComingSoon feature={t('feature.studentDashboard')} />
    </div>
  );
}
