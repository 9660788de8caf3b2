import { useT } from '@darsak/ui/i18n';
import { MediaTabs } from '../../features/media/components/media-tabs.tsx';

/** /media: intro video review and the studio's media of tutors. */
export function MediaPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.media')}</h1>
        <p className="text-muted">{t('staff.media.subtitle')}</p>
      </div>
      <MediaTabs />
    </div>
  );
}
