const setting = (value: string | undefined) => (value?.trim() ? value.trim().replace(/\/+$/, '') : undefined);

const sameHost = (port: number) =>
  typeof window === 'undefined'
    ? `http://localhost:${port}`
    : `${window.location.protocol}//${window.location.hostname}:${port}`;

/** The API is another origin: VITE_API_URL, else port 3000 of the host serving this app. */
export const API_URL = setting(import.meta.env.VITE_API_URL) ?? sameHost(3000);
/** The main app (API and main app share an origin by default). */
export const APP_URL = setting(import.meta.env.VITE_APP_URL) ?? sameHost(3000);
