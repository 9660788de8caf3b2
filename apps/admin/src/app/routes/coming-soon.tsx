import { ComingSoon } from '@darsak/ui';
import { isMessageKey, useT } from '@darsak/ui/i18n';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../root-layout.tsx';

/** An admin page whose feature comes in later work: its title and an honest ComingSoon naming it. */
export function ComingSoonPage() {
  const t = useT();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.title && isMessageKey(handle.title) ? t(handle.title) : t('admin.appName');
  const feature = handle?.feature && isMessageKey(handle.feature) ? t(handle.feature) : title;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <ComingSoon feature={feature} />
    </div>
  );
}
