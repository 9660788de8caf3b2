import {
  ANALYTICS_MEASUREMENT_ID_PATTERN,
  errorReportingEnabled,
  type PublicConfigResponse,
  releaseOf,
  SESSION_RECORDING_PROJECT_ID_PATTERN,
  scrubDeep,
  scrubPersonalData,
} from '@darsak/domain/config';
import type { Breadcrumb, BrowserOptions, ErrorEvent } from '@sentry/browser';

/**
 * The third-party integrations of spec §1 for the front ends, each started only when the server's configuration
 * turns it on: GA4 and Microsoft Clarity for a valid id, error reporting (Sentry's browser SDK, downloaded only
 * then) for a configured address outside local mode. The server's CSP admits exactly these hosts when configured.
 */
export type IntegrationsConfig = Pick<
  PublicConfigResponse,
  'environment' | 'analyticsId' | 'sessionRecordingId' | 'errorReportingUrl'
>;

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  }
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** The page's address as analytics may see it: codes, tokens and contact details blanked out. */
const pageLocation = () => scrubPersonalData(window.location.href);

/**
 * GA4 with privacy-first defaults: advertising storage and signals denied, no automatic page view (the router
 * sends one per page, `trackPageView`). Answers whether it started.
 */
export function startAnalytics(id: string | undefined): boolean {
  // The server checked its settings with their schemas at start; the pattern alone keeps zod out of the entries.
  const valid = id !== undefined && ANALYTICS_MEASUREMENT_ID_PATTERN.test(id);
  if (!valid || window.gtag) return false;
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  // gtag.js reads `arguments` objects from the data layer, not arrays: this is Google's own snippet's function.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js recognises its commands only as Arguments objects.
    dataLayer.push(arguments);
  };
  window.gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'granted',
  });
  window.gtag('js', new Date());
  window.gtag('config', id, {
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  return true;
}

/** One page view per page the router shows (GA4's own history tracking is off with `send_page_view: false`). */
export function trackPageView(): void {
  window.gtag?.('event', 'page_view', { page_location: pageLocation(), page_title: document.title });
}

/**
 * Microsoft Clarity's tag, queued as its own snippet does until the script arrives. Clarity records the address
 * bar as it is (it has no hook to scrub it), so it starts only on a page whose address carries nothing personal:
 * opened from a reset or invitation link, it waits until the user moves on. Answers whether it started.
 */
export function startSessionRecording(id: string | undefined): boolean {
  const valid = id !== undefined && SESSION_RECORDING_PROJECT_ID_PATTERN.test(id);
  if (!valid || window.clarity || pageLocation() !== window.location.href) return false;
  const queue: unknown[] = [];
  window.clarity = Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
  addScript(`https://www.clarity.ms/tag/${encodeURIComponent(id)}`);
  return true;
}

/** A report with nothing personal left: no request body, cookies or headers, the user as an id only. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const { data: _body, cookies: _cookies, headers: _headers, ...request } = event.request ?? {};
  const userId = event.user?.id;
  return scrubDeep({
    ...event,
    ...(event.request ? { request } : {}),
    user: userId === undefined ? undefined : { id: userId },
  });
}

/** A breadcrumb without logged arguments or bodies; its message and URL scrubbed. */
export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb {
  if (!crumb.data) return scrubDeep(crumb);
  const { arguments: _logged, body: _body, request_body: _request, response_body: _response, ...data } = crumb.data;
  return scrubDeep({ ...crumb, data });
}

/** `version`: the app's, from its build (`releaseOf` names the release the same way on the server). */
export const errorReportingOptions = (
  config: IntegrationsConfig & { errorReportingUrl: string },
  version: string,
): BrowserOptions => ({
  dsn: config.errorReportingUrl,
  environment: config.environment,
  release: releaseOf(version),
  // Nothing personal collected in the first place; the hooks below scrub what remains (messages, URLs).
  dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
  beforeSend: scrubEvent,
  beforeBreadcrumb: scrubBreadcrumb,
});

export interface ErrorReporting {
  /** The signed-in user's id on every later report (null when signed out); nothing else of the user. */
  setUser(id: number | null): void;
  capture(error: unknown): void;
}

let reporting: Promise<ErrorReporting | undefined> | undefined;

async function loadErrorReporting(config: IntegrationsConfig & { errorReportingUrl: string }, version: string) {
  const sentry = await import('./sentry.ts');
  sentry.init(errorReportingOptions(config, version));
  return {
    setUser: (id: number | null) => sentry.setUser(id === null ? null : { id: String(id) }),
    capture: (error: unknown) => void sentry.captureException(error),
  };
}

/**
 * Sentry's browser SDK, downloaded and started once, only when reporting is on (undefined otherwise). It reports
 * uncaught errors and rejections by itself; `reportCaughtError` adds the ones React's boundaries catch.
 */
export function startErrorReporting(config: IntegrationsConfig, version: string): Promise<ErrorReporting | undefined> {
  const { errorReportingUrl } = config;
  if (!errorReportingUrl || !errorReportingEnabled(config.environment)) return Promise.resolve(undefined);
  reporting ??= loadErrorReporting({ ...config, errorReportingUrl }, version);
  return reporting;
}

/** An error a boundary caught (the crash screen shows): reported when reporting runs, otherwise only logged. */
export function reportCaughtError(error: unknown): void {
  console.error(error);
  void reporting?.then((reporter) => reporter?.capture(error));
}
