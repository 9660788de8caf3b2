import { canonicalAddress, createQueryClient, reportCaughtError } from '@darsak/client';
import { readRuntimeConfig } from '@darsak/domain/config';
import {
  DEFAULT_LOCALE,
  formatDataSteps,
  loadStoredLocale,
  readStoredLocale,
  registerMessages,
  rememberLocale,
  requestedLocale,
} from '@darsak/ui/i18n';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { WEB_FEATURES } from './app/messages.ts';
import { AppProvider } from './app/provider.tsx';
import { type AppRouter, createAppRouter, loadPagesOf } from './app/router.tsx';
import { readServerRendering, type ServerRendering } from './app/server-rendering.ts';
import { authStore, hydrateSignedIn, keepSessionCookie } from './lib/auth-store.ts';
import { loadFormValidationOnFocus } from './lib/forms.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { nextTask } from './lib/next-task.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

/** The app's start-up, imported by main.tsx once the libraries ran (a task of its own). */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's feature catalogues first (Arabic at once), so the stored language below is fetched with them.
void registerMessages(...WEB_FEATURES);

loadFormValidationOnFocus();
keepSessionCookie();

/**
 * A public page the server rendered is hydrated: its HTML is kept and made live, with the router's state and the API
 * answers it was rendered with. That needs the language it was rendered in to be the reader's (the address's
 * `?lang=` is remembered as the choice; a choice stored before the cookie existed is sent to the server from now
 * on); otherwise, and for every other page, the app renders in the browser.
 *
 * Each step is a task of its own (`nextTask`), the scripts' evaluation, the language, Intl's data and React's work
 * apart: together they were one task of a quarter second on a phone, in which her taps waited.
 */
async function start(element: HTMLElement) {
  await nextTask();
  const address = new URL(window.location.href);
  const asked = address.searchParams.get('lang');
  const stored = readStoredLocale();
  if (asked === 'ar' || asked === 'en') rememberLocale(asked);
  else if (stored) rememberLocale(stored);
  await loadStoredLocale();
  for (const loadFormatData of formatDataSteps(readStoredLocale() ?? DEFAULT_LOCALE)) {
    await nextTask();
    loadFormatData();
  }
  await nextTask();

  const queryClient = createQueryClient();
  // A page that hydrates differently from the server's HTML is rendered again in the browser, and said so (the
  // journeys fail on it).
  const options = { onCaughtError: reportCaughtError, onRecoverableError: reportCaughtError };
  const rendering = readServerRendering();
  const app = (router: AppRouter) => (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // In a transition, React renders in slices of a few milliseconds, yielding to the browser between them: a phone
  // stays responsive while the first render or the hydration runs, instead of being blocked for a second.
  if (
    rendering &&
    requestedLocale(address.href, document.cookie) === document.documentElement.lang &&
    hydratesAs(rendering)
  ) {
    hydrate(queryClient, rendering.queries);
    await loadPagesOf(address.pathname);
    await nextTask();
    const router = createAppRouter(queryClient, rendering.router);
    await nextTask();
    startTransition(() => void hydrateRoot(element, app(router), options));
  } else {
    const router = createAppRouter(queryClient);
    await nextTask();
    const root = createRoot(element, options);
    startTransition(() => root.render(app(router)));
  }
}

/**
 * A page rendered for a signed-in student is hydrated only in her browser session (the cookie it was rendered with
 * may have outlived it, or belong to an account since left): then with the user the server read.
 */
function hydratesAs({ signedIn }: ServerRendering): boolean {
  if (!signedIn) return true;
  if (authStore.getState().user?.id !== signedIn.id) return false;
  hydrateSignedIn(signedIn);
  return true;
}

// One origin keeps one session: a page opened at another address than the configured one moves there first.
const canonical = canonicalAddress(window.location.href, readRuntimeConfig()?.urls.app);
if (canonical) window.location.replace(canonical);
else {
  void start(root);
  // Offline page, installability and Web Push (docs/architecture.md "Installable app").
  registerServiceWorker();
  captureInstallPrompt();
}
