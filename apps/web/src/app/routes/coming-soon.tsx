import { ComingSoon } from '@darsak/ui';
import { isMessageKey, useT } from '@darsak/ui/i18n';
import { useMatches } from 'react-router';
import { PageHeader } from '../../components/layouts/page-header.tsx';
import type { RouteHandle } from '../../components/layouts/root-layout.tsx';

/** A route whose feature is not built yet: its title and an honest ComingSoon naming the feature. */
export function ComingSoonPage() {
  const t = useT();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.title && isMessageKey(handle.title) ? t(handle.title) : t('app.name');
  const feature = handle?.feature && isMessageKey(handle.feature) ? t(handle.feature) : title;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <ComingSoon feature={feature} />
    </div>
  );
}
