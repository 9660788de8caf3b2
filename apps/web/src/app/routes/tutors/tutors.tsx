import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { TutorList } from '../../../features/tutors/components/tutor-list.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages);

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
