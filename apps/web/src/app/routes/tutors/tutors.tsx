import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { TutorList } from '../../../features/tutors/components/tutor-list.tsx';

/** /tutors: active tutors, filtered and sorted. */
export function TutorsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.tutors')} subtitle={t('booking.tutors.subtitle')} />
      <TutorList />
    </div>
  );
}
