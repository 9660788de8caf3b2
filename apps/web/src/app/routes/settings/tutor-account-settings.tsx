import { Card } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { pushMessages } from '@darsak/ui/i18n/features/push.ar.ts';
import { telegramMessages } from '@darsak/ui/i18n/features/telegram.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LogExportCard } from '../../../components/log-export-dialog.tsx';
import { NotificationSettingsCard } from '../../../features/notifications/components/notification-settings.tsx';
import { PushSettingsCard } from '../../../features/notifications/components/push-settings.tsx';
import { NoticePeriodSettingsForm } from '../../../features/profile/components/account-settings-forms.tsx';
import { ContactVerificationCard } from '../../../features/verification/components/contact-verification-card.tsx';
import { useCurrentUser, useUserMeta } from '../../../lib/auth-store.ts';
import { LanguageCard, PasswordCard } from './settings-sections.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(pushMessages, telegramMessages);

/** /t/account-settings: notifications, notice period, contact verification, language and password. */
export function TutorAccountSettingsPage() {
  const t = useT();
  const user = useCurrentUser();
  const meta = useUserMeta();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.settings')} subtitle={t('page.settings.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NotificationSettingsCard />
        <PushSettingsCard />
        <Card title={t('settings.teaching.title')}>
          <NoticePeriodSettingsForm user={user} meta={meta} />
        </Card>
        <ContactVerificationCard user={user} />
        <LanguageCard />
        <PasswordCard user={user} />
        <LogExportCard />
      </div>
    </div>
  );
}
