import { introVideoContract } from '@darsak/domain/interviews';
import { type RoleId, roleNameOf } from '@darsak/domain/users';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-store.ts';
import { IntroVideoQueue } from '../../media/components/intro-video-queue.tsx';
import { useOnboardingLive } from '../hooks/use-onboarding-live.ts';
import { AppointmentsTable } from './appointments-table.tsx';

const TABS = ['interview', 'demoSession', 'introVideos'] as const;
type Tab = (typeof TABS)[number];

/** Intro videos are reviewed by those the review call admits. */
const mayReview = (role: RoleId | undefined) =>
  role !== undefined && (introVideoContract.review.auth as readonly string[]).includes(roleNameOf(role));

/**
 * /interviews: interviews and demo sessions (decided here once started) and, for reviewers, the intro videos;
 * `?tab=` opens one (the home page's counts link to them). Follows onboarding changes live.
 */
export function InterviewsTabs() {
  const { t } = useI18n();
  const reviewer = mayReview(useAuth().user?.role);
  const [search, setSearch] = useSearchParams();
  useOnboardingLive();
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) && (asked !== 'introVideos' || reviewer) ? asked : 'interview';
  return (
    <Tabs value={tab} onValueChange={(next) => setSearch({ tab: next }, { replace: true })}>
      <TabsList aria-label={t('onboarding.staff.title')}>
        <TabsTrigger value="interview">{t('onboarding.staff.interviews')}</TabsTrigger>
        <TabsTrigger value="demoSession">{t('onboarding.staff.demoSessions')}</TabsTrigger>
        {reviewer && <TabsTrigger value="introVideos">{t('staff.interviews.tabs.introVideos')}</TabsTrigger>}
      </TabsList>
      <TabsContent value="interview" className="pt-4">
        <AppointmentsTable kind="interview" />
      </TabsContent>
      <TabsContent value="demoSession" className="pt-4">
        <AppointmentsTable kind="demoSession" />
      </TabsContent>
      {reviewer && (
        <TabsContent value="introVideos" className="pt-4">
          <IntroVideoQueue />
        </TabsContent>
      )}
    </Tabs>
  );
}
