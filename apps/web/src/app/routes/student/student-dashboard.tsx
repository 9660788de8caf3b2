import { buttonClasses, Card } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { pushMessages } from '@darsak/ui/i18n/features/push.ar.ts';
import { realtimeMessages } from '@darsak/ui/i18n/features/realtime.ar.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ProfileStatusAlert } from '../../../components/profile-status-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { RecentChats } from '../../../features/dashboards/components/recent-chats.tsx';
import { StudentOverview } from '../../../features/dashboards/components/student-overview.tsx';
import { InstallAppOffer } from '../../../features/install-app/components/install-app-offer.tsx';
import { LessonsList } from '../../../features/lessons/components/lessons-list.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages, pushMessages, realtimeMessages);

/** /s/dashboard: overview (weekly minutes, lessons, tutors, time learned), upcoming and past lessons, chats. */
export function StudentDashboardPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('page.studentDashboard.title', { name: user.name })}
        subtitle={t('page.studentDashboard.subtitle')}
        actions={
          <Link to={paths.tutors.href()} className={buttonClasses()}>
            {t('booking.lessons.findTutor')}
          </Link>
        }
      />
      <ProfileStatusAlert user={user} />
      <InstallAppOffer />
      <StudentOverview />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('booking.lessons.upcoming')}>
          <LessonsList when="upcoming" viewerId={user.id} limit={3} />
        </Card>
        <Card title={t('booking.lessons.past')}>
          <LessonsList when="past" viewerId={user.id} limit={5} />
        </Card>
      </div>
      <RecentChats userId={user.id} />
    </div>
  );
}
