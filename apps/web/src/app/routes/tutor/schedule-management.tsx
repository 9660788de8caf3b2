import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { WeeklyScheduleEditor } from '../../../features/schedule/components/weekly-schedule-editor.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages);

/** /schedule-management: the tutor's weekly availability. */
export function ScheduleManagementPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.scheduleManagement')} subtitle={t('booking.slots.subtitle')} />
      <WeeklyScheduleEditor />
    </div>
  );
}
