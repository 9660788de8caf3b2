import { Card } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { AvatarUpload } from '../../../features/profile/components/avatar-upload.tsx';
import { TopicsPicker } from '../../../features/profile/components/topics-picker.tsx';
import { TutorBioFormCard } from '../../../features/profile/components/tutor-bio-form.tsx';
import { useCurrentUser, useUserMeta } from '../../../lib/auth-store.ts';

/** /t/profile-settings: what students see: picture, bio and about, favourite topics. */
export function TutorProfileSettingsPage() {
  const t = useT();
  const user = useCurrentUser();
  const meta = useUserMeta();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('page.tutorProfileSettings.title')} subtitle={t('page.tutorProfileSettings.subtitle')} />
      <Card title={t('avatar.title')}>
        <AvatarUpload user={user} />
      </Card>
      <Card title={t('profile.steps.bio')}>
        <TutorBioFormCard user={user} meta={meta} />
      </Card>
      <Card title={t('profile.steps.topics')}>
        <TopicsPicker />
      </Card>
    </div>
  );
}
