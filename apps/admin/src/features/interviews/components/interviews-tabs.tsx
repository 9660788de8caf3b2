import { Tabs, TabsContent, TabsList, TabsTrigger } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useOnboardingLive } from '../hooks/use-onboarding-live.ts';
import { AppointmentsTable } from './appointments-table.tsx';

/** /interviews: interviews and demo sessions in two tabs, following onboarding changes live. */
export function InterviewsTabs() {
  const { t } = useI18n();
  useOnboardingLive();
  return (
    <Tabs defaultValue="interview">
      <TabsList aria-label={t('onboarding.staff.title')}>
        <TabsTrigger value="interview">{t('onboarding.staff.interviews')}</TabsTrigger>
        <TabsTrigger value="demoSession">{t('onboarding.staff.demoSessions')}</TabsTrigger>
      </TabsList>
      <TabsContent value="interview" className="pt-4">
        <AppointmentsTable kind="interview" />
      </TabsContent>
      <TabsContent value="demoSession" className="pt-4">
        <AppointmentsTable kind="demoSession" />
      </TabsContent>
    </Tabs>
  );
}
