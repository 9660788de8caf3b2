import { type IntegrationsConfig, useIntegrations } from '@darsak/client';
import { readRuntimeConfig } from '@darsak/domain/config';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store.ts';

const runtime = readRuntimeConfig();
// Staff pages are not the product's audience: the admin app reports its errors but loads no analytics or recording.
const config: IntegrationsConfig | undefined = runtime && {
  environment: runtime.environment,
  errorReportingUrl: runtime.errorReportingUrl,
};

/** The admin app's error reporting, as configured (docs/architecture.md, "Analytics and error reporting"). */
export function Integrations() {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  useIntegrations({
    config,
    version: import.meta.env.DARSAK_VERSION ?? 'dev',
    userId: user?.id ?? null,
    page: `${pathname}${search}`,
  });
  return null;
}
