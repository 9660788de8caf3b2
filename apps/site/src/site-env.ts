/** Build-time settings; `import.meta.env` is absent when pages are prerendered by Node. */
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

const setting = (value: string | undefined) => (value?.trim() ? value.trim().replace(/\/+$/, '') : '');

/** The main app's origin if set at build time; otherwise worked out in the browser (see app-url.tsx). */
export const BUILD_APP_URL = setting(env.VITE_APP_URL);

/** The API's origin: VITE_API_URL, else port 3000 of the host serving this page. */
export function apiUrl(): string {
  return setting(env.VITE_API_URL) || `${window.location.protocol}//${window.location.hostname}:3000`;
}
