import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { WeeklyScheduleEditor } from '../../../features/schedule/components/weekly-schedule-editor.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { Role } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages);

/** /schedule-management: the tutor's weekly availability; a tutor manager's interview hours. */
export function ScheduleManagementPage() {
  const t = useT();
  const interviewer = useCurrentUser()?.role === Role.tutorManager;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t(interviewer ? 'sidebar.interviewHours' : 'sidebar.scheduleManagement')}
        subtitle={t(interviewer ? 'booking.slots.interviewer.subtitle' : 'booking.slots.subtitle')}
      />
      <WeeklyScheduleEditor />
    </div>
  );
}
