import { readRuntimeConfig } from '@darsak/domain/config';

/** Port 3000 of the host serving this page: the main app and API when no server configuration is on the page. */
const sameHost = () => `${window.location.protocol}//${window.location.hostname}:3000`;

/** The main app's origin, as the server serving this page is configured (`/runtime-config.js`). */
export const appUrl = (): string => readRuntimeConfig()?.urls.app ?? sameHost();

/** The API's origin, likewise. */
export const apiUrl = (): string => readRuntimeConfig()?.urls.api ?? sameHost();
