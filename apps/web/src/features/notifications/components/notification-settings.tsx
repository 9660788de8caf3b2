import { Card, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useNotificationPreferences } from '../hooks/use-notification-preferences.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

/** The settings' notifications card, for students and tutors alike. */
export function NotificationSettingsCard() {
  const { t } = useI18n();
  const { toast } = useToast();
  const preferences = useNotificationPreferences();
  let body: ReactNode;
  if (preferences.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> {t('notify.loading')}
      </p>
    );
  } else if (preferences.isError) {
    body = (
      <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} title={t('notify.loadError')} />
    );
  } else {
    body = (
      <NotificationPreferencesForm
        preferences={preferences.data}
        onSaved={() => toast({ type: 'success', title: t('common.saved') })}
      />
    );
  }
  return (
    <Card title={t('settings.notifications.title')} description={t('settings.notifications.body')}>
      {body}
    </Card>
  );
}
