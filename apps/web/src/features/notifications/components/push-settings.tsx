import { ApiError } from '@darsak/client';
import { PUSH_KINDS, type PushKinds, type PushSettings } from '@darsak/domain/notifications';
import { Alert, Button, Card, ChipCheckbox, Fieldset, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, startTransition, useOptimistic } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useErrorText } from '../../../lib/forms.ts';
import { useDevicePush, useDevicePushSwitch, usePushSettings, useSavePushKinds } from '../hooks/use-push.ts';
import { PushPermissionRefused } from '../lib/device-push.ts';

/**
 * The settings' card of notifications on the device (Web Push): turning them on here (the browser asks its
 * permission only on this tap), what this browser allows, and which kinds are pushed to her devices.
 */
export function PushSettingsCard() {
  const { t } = useI18n();
  const settings = usePushSettings();
  let body: ReactNode;
  if (settings.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> {t('push.loading')}
      </p>
    );
  } else if (settings.isError) {
    body = <LoadError error={settings.error} onRetry={() => void settings.refetch()} title={t('push.loadError')} />;
  } else {
    body = <PushSettingsBody settings={settings.data} />;
  }
  return (
    // a named region, so a screen reader can jump to it
    <Card title={t('push.title')} description={t('push.body')} aria-label={t('push.title')}>
      {body}
    </Card>
  );
}

function PushSettingsBody({ settings }: { settings: PushSettings }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const device = useDevicePush();
  const { enable, disable } = useDevicePushSwitch(device.refresh);
  const saveKinds = useSavePushKinds();
  const [kinds, showKinds] = useOptimistic(settings.kinds);
  if (!settings.available) return <Alert tone="info">{t('push.unavailable')}</Alert>;

  const refused = enable.error instanceof PushPermissionRefused || device.permission === 'denied';
  const failure = enable.error ?? disable.error ?? saveKinds.error;
  let state: ReactNode;
  if (device.permission === 'unsupported') state = <Alert tone="info">{t('push.unsupported')}</Alert>;
  else if (refused) state = <Alert tone="warning">{t('push.denied')}</Alert>;
  else if (device.subscribed) {
    state = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold text-primary-700">{t('push.onHere')}</p>
        <Button variant="secondary" size="sm" loading={disable.isPending} onClick={() => disable.mutate()}>
          {t('push.disable')}
        </Button>
      </div>
    );
  } else {
    state = (
      <Button loading={enable.isPending} onClick={() => enable.mutate(settings)}>
        {t('push.enable')}
      </Button>
    );
  }
  // the box follows her tap in the same event (a controlled box not updated then would spring back until the
  // cache's optimistic update arrives), and shows what the server keeps once the save is done
  const toggle = (kind: keyof PushKinds, on: boolean) => {
    const next = { ...kinds, [kind]: on };
    startTransition(async () => {
      showKinds(next);
      await saveKinds.mutateAsync(next).catch(() => undefined);
    });
  };
  return (
    <div className="flex flex-col gap-4">
      {state}
      {failure && !(failure instanceof PushPermissionRefused) && (
        // the browser's own failure (no push service reachable) is said plainly; the server's by its code
        <Alert tone="error">{failure instanceof ApiError ? errorText(failure) : t('push.failed')}</Alert>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {t('push.devices', { count: settings.devices })}
      </p>
      {settings.devices > 0 && (
        <Fieldset legend={t('push.kinds')}>
          <div className="flex flex-wrap gap-2">
            {PUSH_KINDS.map((kind) => (
              <ChipCheckbox
                key={kind}
                label={t(`push.kind.${kind}`)}
                checked={kinds[kind]}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
            ))}
          </div>
        </Fieldset>
      )}
      {saveKinds.isSuccess && (
        <p className="sr-only" role="status">
          {t('push.saved')}
        </p>
      )}
    </div>
  );
}
