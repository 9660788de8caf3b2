import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store.ts';
import {
  type ErrorReporting,
  startAnalytics,
  startErrorReporting,
  startSessionRecording,
  trackPageView,
} from '../lib/integrations.ts';
import { usePublicConfig } from '../lib/use-public-config.ts';

/**
 * Starts the configured integrations once the configuration is known (from the page's runtime configuration,
 * so at the first render), sends a page view per page, and keeps the error reports' user id current.
 */
export function Integrations() {
  const { data: config } = usePublicConfig();
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const [reporting, setReporting] = useState<ErrorReporting>();

  useEffect(() => {
    if (!config) return;
    startAnalytics(config.analyticsId);
    startSessionRecording(config.sessionRecordingId);
    let current = true;
    void startErrorReporting(config).then((started) => current && setReporting(started));
    return () => {
      current = false;
    };
  }, [config]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new address (path or query).
  useEffect(() => trackPageView(), [pathname, search]);
  useEffect(() => reporting?.setUser(user?.id ?? null), [reporting, user?.id]);
  return null;
}
