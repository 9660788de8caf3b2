import { readRuntimeConfig } from '@darsak/domain/config';

/** Handed by the server that serves this app (`/runtime-config.js`); absent only in unit tests and a bare dev server. */
const runtime = readRuntimeConfig();

const sameHost = (port: number) =>
  typeof window === 'undefined'
    ? `http://localhost:${port}`
    : `${window.location.protocol}//${window.location.hostname}:${port}`;

/** The API is another origin, the one the server is configured with (else port 3000 of this host). */
export const API_URL = runtime?.urls.api ?? sameHost(3000);
/** The main app (API and main app share an origin). */
export const APP_URL = runtime?.urls.app ?? sameHost(3000);
