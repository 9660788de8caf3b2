import { errorCodeOf } from '@darsak/client';
import { Alert, Button, LoadingAnimation } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { CachePanel } from '../../features/platform-settings/components/cache-panel.tsx';
import { PlatformSettingsForm } from '../../features/platform-settings/components/platform-settings-form.tsx';
import { usePlatformSettings } from '../../features/platform-settings/hooks/use-platform-settings.ts';

/** /platform-settings: the business policies admins may change, and the server cache. */
export function PlatformSettingsPage() {
  const { t, errorMessage } = useI18n();
  const settings = usePlatformSettings();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.platformSettings')}</h1>
        <p className="text-muted">{t('platform.subtitle')}</p>
      </div>
      {settings.isPending ? (
        <LoadingAnimation label={t('common.loading')} />
      ) : settings.isError ? (
        <Alert tone="error" title={t('platform.loadError')}>
          <p>{errorMessage(errorCodeOf(settings.error))}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <PlatformSettingsForm view={settings.data} />
      )}
      <CachePanel />
    </div>
  );
}
