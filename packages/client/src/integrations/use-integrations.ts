import { useEffect, useState } from 'react';
import {
  type ErrorReporting,
  type IntegrationsConfig,
  startAnalytics,
  startErrorReporting,
  startSessionRecording,
  trackPageView,
} from './integrations.ts';

export interface IntegrationsState {
  /** The server's public configuration, undefined until known. */
  config: IntegrationsConfig | undefined;
  /** The app's version, from its build: the release error reports name. */
  version: string;
  /** The signed-in user's id (null signed out): the only thing of the user a report carries. */
  userId: number | null;
  /** The page's path and query: a new one is a page view. */
  page: string;
}

/**
 * Starts the configured integrations once the configuration is known, sends a page view per page, and keeps the
 * error reports' user id current. Mounted once, inside the router, by each app's root layout.
 */
export function useIntegrations({ config, version, userId, page }: IntegrationsState): void {
  const [reporting, setReporting] = useState<ErrorReporting>();
  useEffect(() => {
    if (!config) return;
    startAnalytics(config.analyticsId);
    let current = true;
    void startErrorReporting(config, version).then((started) => current && setReporting(started));
    return () => {
      current = false;
    };
  }, [config, version]);
  // Session recording waits for a page whose address it may see (see startSessionRecording).
  useEffect(() => {
    if (config) startSessionRecording(config.sessionRecordingId);
  }, [config, page]);
  // A new page (path or query) is a new page view, sent once the page's commit is done: the root layout names the
  // page (document.title) in its own effect, which runs after this one, as a parent's does after its children's.
  useEffect(() => queueMicrotask(trackPageView), [page]);
  useEffect(() => reporting?.setUser(userId), [reporting, userId]);
}
