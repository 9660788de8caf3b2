import { SkipLink } from '@darsak/ui';
import { isMessageKey, useT } from '@darsak/ui/i18n';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { UnsupportedBrowserNotice } from '../unsupported-browser-notice.tsx';

export interface RouteHandle {
  /** Catalogue key of the page title. */
  title?: string;
  /** Catalogue key of the feature a ComingSoon page names. */
  feature?: string;
}

/** Keeps document.title in step with the deepest route that names a title. */
function useDocumentTitle() {
  const t = useT();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .find((title) => title !== undefined);
  useEffect(() => {
    const app = t('app.name');
    document.title = key && isMessageKey(key) ? `${t(key)} | ${app}` : app;
  }, [key, t]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <SkipLink targetId="main" />
      <UnsupportedBrowserNotice />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
