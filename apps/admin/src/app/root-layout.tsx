import { SkipLink } from '@darsak/ui';
import { isMessageKey, useT } from '@darsak/ui/i18n';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

export interface RouteHandle {
  title?: string;
  feature?: string;
}

export function RootLayout() {
  const t = useT();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .find((title) => title !== undefined);
  useEffect(() => {
    const app = t('admin.appName');
    document.title = key && isMessageKey(key) ? `${t(key)} | ${app}` : app;
  }, [key, t]);
  return (
    <>
      <SkipLink targetId="main" />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
