import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LessonsWeek } from '../../../features/lessons/components/lessons-week.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isTutorLike } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages);

/** /lessons-schedule: booked lessons a week at a time. */
export function LessonsSchedulePage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('sidebar.lessonsSchedule')}
        subtitle={t(isTutorLike(user.role) ? 'booking.schedule.subtitleTutor' : 'booking.schedule.subtitleStudent')}
      />
      <LessonsWeek viewerId={user.id} teaches={isTutorLike(user.role)} />
    </div>
  );
}
