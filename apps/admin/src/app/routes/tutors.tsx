import { useT } from '@darsak/ui/i18n';
import { TutorsTable } from '../../features/tutors/components/tutors-table.tsx';

/** /tutors: every tutor, the uncontacted and the fully booked ones; each opens /tutor/{id}. */
export function TutorsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.tutors')}</h1>
        <p className="text-muted">{t('staff.tutors.subtitle')}</p>
      </div>
      <TutorsTable />
    </div>
  );
}
