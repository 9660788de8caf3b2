import { Alert, buttonClasses, Card } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { pushMessages } from '@darsak/ui/i18n/features/push.ar.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ProfileStatusAlert } from '../../../components/profile-status-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { TutorStats } from '../../../features/dashboards/components/tutor-stats.tsx';
import { InstallAppOffer } from '../../../features/install-app/components/install-app-offer.tsx';
import { LessonsList } from '../../../features/lessons/components/lessons-list.tsx';
import { useCurrentUser, useUserMeta } from '../../../lib/auth-store.ts';
import { Role } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages, paymentsMessages, pushMessages);

/** /t/dashboard: activation state, stats (lessons, students, teaching hours, income), upcoming and past lessons. */
export function TutorDashboardPage() {
  const t = useT();
  const user = useCurrentUser();
  const meta = useUserMeta();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('page.tutorDashboard.title', { name: user.name })}
        subtitle={t('page.tutorDashboard.subtitle')}
        actions={
          <Link to={paths.scheduleManagement.href()} className={buttonClasses({ variant: 'secondary' })}>
            {t('sidebar.scheduleManagement')}
          </Link>
        }
      />
      <ProfileStatusAlert user={user} />
      <InstallAppOffer />
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
      <TutorStats />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('booking.lessons.upcoming')}>
          <LessonsList when="upcoming" viewerId={user.id} limit={5} />
        </Card>
        <Card title={t('booking.lessons.past')}>
          <LessonsList when="past" viewerId={user.id} limit={5} />
        </Card>
      </div>
    </div>
  );
}
