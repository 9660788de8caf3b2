import { createHttpClient } from '@darsak/client';
import { API_URL } from '../config/env.ts';
import { authStore } from './auth-store.ts';

/** How calls are sent: the browser's fetch; the server, rendering a public page, sends them to the API in process. */
let send: typeof fetch = (input, init) => globalThis.fetch(input, init);
export const sendApiCallsWith = (fetch: typeof globalThis.fetch) => {
  send = fetch;
};

/** The API client of the main app: bearer from the auth store; a 401 unauthenticated signs out. */
export const api = createHttpClient({
  baseUrl: API_URL,
  fetch: (input, init) => send(input, init),
  getToken: () => authStore.getState().token,
  onUnauthenticated: () => {
    if (authStore.getState().token) authStore.signOut('expired');
  },
});
