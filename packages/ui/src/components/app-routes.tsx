import { type ReactNode, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useT } from '../i18n/i18n-provider.tsx';
import type { MessageKey } from '../i18n/keys.ts';
import { isMessageKey } from '../i18n/translate.ts';
import { SkipLink } from './skip-link.tsx';

/** What a route declares about itself (catalogue keys). */
export interface RouteHandle {
  /** The page title. */
  title?: string;
}

const handlesOf = (matches: ReturnType<typeof useMatches>) =>
  matches.map((match) => match.handle as RouteHandle | undefined);

/** Keeps document.title in step with the deepest route that names a title: "<page> | <app>". */
function useDocumentTitle(appName: MessageKey) {
  const t = useT();
  const key = handlesOf(useMatches())
    .reverse()
    .map((handle) => handle?.title)
    .find((title) => title !== undefined);
  useEffect(() => {
    const app = t(appName);
    document.title = key && isMessageKey(key) ? `${t(key)} | ${app}` : app;
  }, [key, t, appName]);
}

/** The root of an app's routes: skip link, app-wide notices, the page, scroll restoration and the title. */
export function RootLayout({ appName, children }: { appName: MessageKey; children?: ReactNode }) {
  useDocumentTitle(appName);
  return (
    <>
      <SkipLink targetId="main" />
      {children}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
