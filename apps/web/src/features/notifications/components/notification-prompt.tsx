import { Alert, Button } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useDismissNotificationPrompt, useNotificationPreferences } from '../hooks/use-notification-preferences.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

/**
 * After a booking, while the student has never chosen how to be told: a clear question, answered once (saved or
 * closed with "not now", remembered on the server). Nothing shows while the answer is loading or failed.
 */
export function NotificationPrompt() {
  const { t } = useI18n();
  const preferences = useNotificationPreferences();
  const dismiss = useDismissNotificationPrompt();
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  if (saved) return <Alert tone="success">{t('notify.prompt.saved')}</Alert>;
  if (preferences.data?.chosen !== false) return null;
  return (
    <section
      aria-labelledby="notification-prompt-title"
      className="flex flex-col gap-3 rounded-xl border border-primary-200 bg-primary-50/60 p-4"
    >
      <h3 id="notification-prompt-title" className="text-base font-semibold text-ink">
        {t('notify.prompt.title')}
      </h3>
      <p className="text-sm text-muted">{t('notify.prompt.body')}</p>
      {dismiss.isError && <Alert tone="error">{errorText(dismiss.error)}</Alert>}
      <NotificationPreferencesForm
        preferences={preferences.data}
        onSaved={() => setSaved(true)}
        secondaryAction={
          <Button type="button" variant="ghost" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
            {t('notify.prompt.later')}
          </Button>
        }
      />
    </section>
  );
}
