import { useT } from '@darsak/ui/i18n';
import { InterviewsTabs } from '../../features/interviews/components/interviews-tabs.tsx';

/** /interviews: the applicants' interviews and demo sessions (admins: all; a tutor manager: their own). */
export function InterviewsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('onboarding.staff.title')}</h1>
        <p className="text-muted">{t('staff.interviews.subtitle')}</p>
      </div>
      <InterviewsTabs />
    </div>
  );
}
