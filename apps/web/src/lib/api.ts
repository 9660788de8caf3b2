import { createHttpClient } from '@darsak/client';
import { API_URL } from '../config/env.ts';
import { authStore, sessionNow } from './auth-store.ts';

/** How calls are sent: the browser's fetch; the server, rendering a public page, sends them to the API in process. */
let send: typeof fetch = (input, init) => globalThis.fetch(input, init);
export const sendApiCallsWith = (fetch: typeof globalThis.fetch) => {
  send = fetch;
};

/**
 * The API client of the main app: bearer from the session (the auth store's; on the server, the rendered page's); a
 * 401 unauthenticated signs out.
 */
export const api = createHttpClient({
  baseUrl: API_URL,
  fetch: (input, init) => send(input, init),
  getToken: () => sessionNow().token,
  onUnauthenticated: () => {
    if (authStore.getState().token) authStore.signOut('expired');
  },
});
