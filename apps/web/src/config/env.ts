import { readRuntimeConfig } from '@darsak/domain/config';

/** Handed by the server that serves this app (`/runtime-config.js`); absent only in unit tests and a bare dev server. */
const runtime = readRuntimeConfig();

const sameHost = (port: number) =>
  typeof window === 'undefined'
    ? `http://localhost:${port}`
    : `${window.location.protocol}//${window.location.hostname}:${port}`;

/** The main app is served by the API itself, so calls go to the page's own origin. */
export const API_URL = '';
export const ADMIN_URL = runtime?.urls.admin ?? sameHost(3001);
export const SITE_URL = runtime?.urls.site ?? sameHost(3002);
