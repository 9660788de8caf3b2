import { reportCaughtError } from '@darsak/client';

/** Where the built service worker is served (apps/web/vite.config.ts `installableApp`). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded, so it never competes with the first paint on a slow
 * phone; only in a production build (the dev server has no /sw.js).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      reportCaughtError(error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
