import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const AppUrlContext = createContext('');

/** Where the main app runs when VITE_APP_URL is not set: port 3000 of the host serving this page. */
export const runtimeAppUrl = () => `${window.location.protocol}//${window.location.hostname}:3000`;

/**
 * The main app's origin. Pages are prerendered with the build-time setting (or nothing); without a setting
 * the address is worked out in the browser after hydration, so server and client markup stay identical.
 */
export function AppUrlProvider({ initial, children }: { initial: string; children: ReactNode }) {
  const [url, setUrl] = useState(initial);
  useEffect(() => {
    if (!initial) setUrl(runtimeAppUrl());
  }, [initial]);
  return <AppUrlContext.Provider value={url}>{children}</AppUrlContext.Provider>;
}

export const useAppUrl = () => useContext(AppUrlContext);

/** A link into the main app (sign-up, sign-in, plans…). */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const base = useAppUrl();
  return (
    <a href={`${base}${to}`} className={className}>
      {children}
    </a>
  );
}
