import { registerMessages, useT } from '@darsak/ui/i18n';
import { onboardingMessages } from '@darsak/ui/i18n/features/onboarding.ar.ts';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { AppointmentDetail } from '../../../features/onboarding/components/appointment-detail.tsx';
import { OnboardingSteps } from '../../../features/onboarding/components/onboarding-steps.tsx';
import { StaffAppointments } from '../../../features/onboarding/components/staff-appointments.tsx';
import { NotFoundPage } from '../not-found.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(onboardingMessages);

/** /t/onboarding: the applicant tutor's steps. */
export function OnboardingPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} />
      <OnboardingSteps />
      <SupportLinks />
    </div>
  );
}

/** /interviews: a tutor manager's interviews, demo sessions and videos to review. */
export function InterviewsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('onboarding.staff.title')} subtitle={t('onboarding.staff.subtitle')} />
      <StaffAppointments />
    </div>
  );
}

function useIdParam() {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function InterviewPage() {
  const id = useIdParam();
  return id ? <AppointmentDetail key={id} kind="interview" id={id} /> : <NotFoundPage />;
}

export function DemoSessionPage() {
  const id = useIdParam();
  return id ? <AppointmentDetail key={id} kind="demoSession" id={id} /> : <NotFoundPage />;
}
