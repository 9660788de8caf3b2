import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { directUploadOrigin, type S3Config } from '../../providers/storage/configured.ts';

/** The four origins one server process answers on. */
export type Front = 'app' | 'admin' | 'site';

export interface HeaderSettings {
  config: Pick<
    Config,
    'isLocal' | 'PUBLIC_APP_URL' | 'ANALYTICS_ID' | 'SESSION_RECORDING_ID' | 'ERROR_REPORTING_URL' | 'GOOGLE_CLIENT_ID'
  > &
    S3Config;
  /** Google's own sign-in script runs (a client id is configured and no local stand-in replaces it). */
  googleSignIn: boolean;
}

type Directives = Record<string, string[]>;

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
// Google Analytics 4 (gtag.js) and Microsoft Clarity, as their documentation lists them for a CSP.
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};
const SESSION_RECORDING = {
  script: ['https://www.clarity.ms', 'https://*.clarity.ms'],
  connect: ['https://*.clarity.ms'],
  img: ['https://*.clarity.ms'],
};

/** The API origin over HTTP and as the socket.io WebSocket. */
function apiSources(appUrl: string, isLocal: boolean): string[] {
  const url = new URL(appUrl);
  const ws = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  // Locally the admin app and the site are built to call port 3000 of their host, whatever PORT is.
  const local = isLocal ? ['http://localhost:*', 'ws://localhost:*', 'http://127.0.0.1:*', 'ws://127.0.0.1:*'] : [];
  return [url.origin, ws, ...local];
}

/**
 * The Content-Security-Policy of a front end: scripts from its own origin only (plus Google sign-in, analytics
 * and session recording when they are configured), the API and its socket for data, pictures and videos from
 * the API, and never framed. Styles may be inline: the prerendered site and the apps set style attributes.
 */
export function contentSecurityPolicy(front: Front, { config, googleSignIn }: HeaderSettings): string {
  const api = apiSources(config.PUBLIC_APP_URL, config.isLocal);
  const d: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...api],
    'media-src': ["'self'", 'blob:', ...api],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...api],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const add = (directive: string, sources: string[]) => d[directive]?.push(...sources);
  if (front === 'app' && googleSignIn) {
    add('script-src', [`${GOOGLE_SIGN_IN}client`]);
    add('style-src', [`${GOOGLE_SIGN_IN}style`]);
    add('frame-src', [GOOGLE_SIGN_IN]);
    add('connect-src', [GOOGLE_SIGN_IN]);
  }
  for (const [on, hosts] of [
    [config.ANALYTICS_ID, ANALYTICS],
    [config.SESSION_RECORDING_ID, SESSION_RECORDING],
  ] as const) {
    if (!on) continue;
    add('script-src', hosts.script);
    add('connect-src', hosts.connect);
    add('img-src', hosts.img);
  }
  if (config.ERROR_REPORTING_URL) add('connect-src', [new URL(config.ERROR_REPORTING_URL).origin]);
  // Intro videos go from the browser straight to object storage when the store takes direct uploads.
  const store = directUploadOrigin(config);
  if (front === 'app' && store) add('connect-src', [store]);
  return Object.entries(d)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** Google's script runs when a client id is set and no local stand-in issuer replaces Google. */
export const headerSettingsOf = (config: HeaderSettings['config'], localGoogle: unknown): HeaderSettings => ({
  config,
  googleSignIn: Boolean(config.GOOGLE_CLIENT_ID) && !localGoogle,
});

/** API answers are data, never pages: nothing loads from them and nothing frames them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every answer of a front's origin carries; the camera and microphone only for the main app. */
export function securityHeaders(front: Front, settings: HeaderSettings): Record<string, string> {
  const media = front === 'app' ? '(self)' : '()';
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': `camera=${media}, microphone=${media}, display-capture=${media}, geolocation=(), payment=(), usb=()`,
    ...(settings.config.isLocal ? {} : { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}

/** Paths of the API origin that answer data or stored files, never a page of the app. */
const isDataPath = (url: string) => /^\/(api|assets\/uploads|assets\/receipts)(\/|$|\?)/.test(url);

/**
 * Adds the headers to every answer of `app` (errors and 404s too). Data paths (the API, uploaded files) get the
 * API's policy, so a file opened as a page runs nothing; every other path the front's page policy. Decided by
 * path, not by content type: a 304 carries no content type, and its headers replace the cached page's. The
 * OpenAPI UI (local tooling behind API_DOCS) keeps its own inline scripts.
 */
export function installSecurityHeaders(app: FastifyInstance, front: Front, settings: HeaderSettings): void {
  const headers = securityHeaders(front, settings);
  const pagePolicy = contentSecurityPolicy(front, settings);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(headers);
    if (front === 'app' && request.url.startsWith('/api/docs')) return payload;
    reply.header('content-security-policy', front === 'app' && isDataPath(request.url) ? API_POLICY : pagePolicy);
    return payload;
  });
}
