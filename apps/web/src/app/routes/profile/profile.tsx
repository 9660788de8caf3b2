import { Card } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { AvatarUpload } from '../../../features/profile/components/avatar-upload.tsx';
import { MainInfoForm } from '../../../features/profile/components/main-info-form.tsx';
import { ContactVerificationCard } from '../../../features/verification/components/contact-verification-card.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';

/** /profile: picture, main information and contact verification. */
export function ProfilePage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.profile')} subtitle={t('page.profile.subtitle')} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card title={t('avatar.title')}>
            <AvatarUpload user={user} />
          </Card>
          <Card title={t('profile.steps.main')}>
            <MainInfoForm key={user.id} user={user} />
          </Card>
        </div>
        <div>
          <ContactVerificationCard user={user} />
        </div>
      </div>
    </div>
  );
}
