import { createContext, type ReactNode, useContext } from 'react';

const AppUrlContext = createContext('');

/**
 * The main app's origin. Pages are prerendered with a placeholder the server replaces with the configured
 * address as it sends them, and the browser hydrates with the same address from `/runtime-config.js`.
 */
export function AppUrlProvider({ url, children }: { url: string; children: ReactNode }) {
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
