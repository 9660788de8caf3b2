import { introVideoContract } from '@darsak/domain/interviews';
import { type RoleId, roleNameOf } from '@darsak/domain/users';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useAuth } from '../../../lib/auth-store.ts';
import { useOnboardingLive } from '../../interviews/hooks/use-onboarding-live.ts';
import { IntroVideoQueue } from './intro-video-queue.tsx';
import { StudioMedia } from './studio-media.tsx';

/** Intro videos are reviewed by those the review call admits (admins here; studio staff only see studio media). */
const mayReview = (role: RoleId) => (introVideoContract.review.auth as readonly string[]).includes(roleNameOf(role));

/** /media: intro videos to review, and the studio's media of tutors; both follow onboarding changes live. */
export function MediaTabs() {
  const { t } = useI18n();
  const role = useAuth().user?.role;
  useOnboardingLive();
  if (role === undefined || !mayReview(role)) return <StudioMedia />;
  return (
    <Tabs defaultValue="videos">
      <TabsList aria-label={t('admin.sidebar.media')}>
        <TabsTrigger value="videos">{t('staff.media.videos')}</TabsTrigger>
        <TabsTrigger value="studio">{t('staff.media.studio')}</TabsTrigger>
      </TabsList>
      <TabsContent value="videos" className="pt-4">
        <IntroVideoQueue />
      </TabsContent>
      <TabsContent value="studio" className="pt-4">
        <StudioMedia />
      </TabsContent>
    </Tabs>
  );
}
