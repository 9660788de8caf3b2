import type { ReactNode } from 'react';
import { useSite } from './site-context.tsx';

/** A link into the main app (sign-up, sign-in, plans…) at the address the server is configured with. */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { appUrl } = useSite();
  return (
    <a href={`${appUrl}${to}`} className={className}>
      {children}
    </a>
  );
}
