import { useIntegrations } from '@darsak/client';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth-store.ts';
import { usePublicConfig } from '../lib/use-public-config.ts';

/** The main app's analytics, session recording and error reporting, as configured (docs/architecture.md). */
export function Integrations() {
  const { data: config } = usePublicConfig();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  useIntegrations({
    config,
    version: import.meta.env.DARSAK_VERSION ?? 'dev',
    userId: user?.id ?? null,
    page: `${pathname}${search}`,
  });
  return null;
}
