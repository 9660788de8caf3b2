import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { WeeklyScheduleEditor } from '../../../features/schedule/components/weekly-schedule-editor.tsx';

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
