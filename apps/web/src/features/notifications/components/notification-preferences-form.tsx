import {
  type NotificationChannel,
  type NotificationKinds,
  type NotificationPreferences,
  OPTIONAL_KINDS,
} from '@darsak/domain/notifications';
import { Button, ChipCheckbox, Fieldset, Form, FormActions, FormError, SelectField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { TelegramLinkPanel } from '../../telegram/components/telegram-link-panel.tsx';
import { useSaveNotificationPreferences } from '../hooks/use-notification-preferences.ts';

const CHANNEL_LABEL: Record<NotificationChannel, MessageKey> = {
  whatsapp: 'notify.whatsapp',
  email: 'notify.email',
  telegram: 'notify.telegram',
  none: 'notify.none',
};
const CHANNEL_ORDER: NotificationChannel[] = ['whatsapp', 'email', 'telegram', 'none'];

/** WhatsApp as offered: not sent by the platform now, or waiting for her verified phone, or ready. */
const whatsappLabel = (p: NotificationPreferences): MessageKey =>
  !p.whatsappOffered ? 'notify.whatsappUnavailable' : p.phoneVerified ? 'notify.whatsapp' : 'notify.whatsappNeedsPhone';

/**
 * The channel and the reminders and nudges kept. It starts on the suggested channel (WhatsApp once her phone is
 * verified), which is only a suggestion until saved; WhatsApp cannot be chosen before the phone is verified, nor
 * while the platform sends no notices by it.
 */
export function NotificationPreferencesForm({
  preferences,
  onSaved,
  secondaryAction,
}: {
  preferences: NotificationPreferences;
  onSaved?: (saved: NotificationPreferences) => void;
  /** Another button beside "save" (the prompt's "not now"). */
  secondaryAction?: ReactNode;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const save = useSaveNotificationPreferences();
  const [channel, setChannel] = useState<NotificationChannel>(preferences.suggestedChannel);
  const [kinds, setKinds] = useState<NotificationKinds>(preferences.kinds);
  const quiet = channel === 'none';
  const options = CHANNEL_ORDER.map((value) => ({
    value,
    label: t(value === 'whatsapp' ? whatsappLabel(preferences) : CHANNEL_LABEL[value]),
    disabled: value === 'whatsapp' && !(preferences.whatsappOffered && preferences.phoneVerified),
  }));
  return (
    <>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ channel, kinds }, { onSuccess: (saved) => onSaved?.(saved) });
        }}
      >
        <FormError message={save.error ? errorText(save.error) : undefined} />
        <SelectField
          label={t('field.notificationMethod')}
          placeholder={false}
          options={options}
          hint={t(quiet ? 'notify.noneHint' : 'notify.always')}
          value={channel}
          onChange={(event) => setChannel(event.target.value as NotificationChannel)}
        />
        <Fieldset legend={t('notify.kinds')} disabled={quiet}>
          <div className="flex flex-wrap gap-2">
            {OPTIONAL_KINDS.map((kind) => (
              <ChipCheckbox
                key={kind}
                label={t(`notify.kind.${kind}`)}
                checked={!quiet && kinds[kind]}
                onChange={(event) => setKinds({ ...kinds, [kind]: event.target.checked })}
              />
            ))}
          </div>
        </Fieldset>
        <FormActions>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          {secondaryAction}
        </FormActions>
      </Form>
      {/* A bot cannot write first: Telegram needs the user's chat, linked through the bot's /start. */}
      {channel === 'telegram' && <TelegramLinkPanel />}
    </>
  );
}
