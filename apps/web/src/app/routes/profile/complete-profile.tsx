import { useT } from '@darsak/ui/i18n';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { CompleteProfileStepper } from '../../../features/profile/components/complete-profile-stepper.tsx';
import { ContactVerificationCard } from '../../../features/verification/components/contact-verification-card.tsx';
import { useCurrentUser, useUserMeta } from '../../../lib/auth-store.ts';
import { homePathFor, isTutorLike } from '../../../lib/roles.ts';

/** /complete-profile (students) and /t/complete-profile (tutors). */
export function CompleteProfilePage() {
  const t = useT();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const meta = useUserMeta();
  if (!user) return null;
  const tutor = isTutorLike(user.role);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t('page.completeProfile.title')}
        subtitle={t(tutor ? 'page.completeProfile.tutorSubtitle' : 'page.completeProfile.subtitle')}
      />
      <CompleteProfileStepper
        user={user}
        meta={meta}
        tutor={tutor}
        onFinished={() => navigate(homePathFor(user.role))}
      />
      <ContactVerificationCard user={user} />
    </div>
  );
}
