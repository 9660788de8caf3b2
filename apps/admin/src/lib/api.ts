import { createHttpClient } from '@darsak/client';
import { API_URL } from '../config/env.ts';
import { authStore } from './auth-store.ts';

/** The admin app's API client: cross-origin, with the bearer token and credentials. */
export const api = createHttpClient({
  baseUrl: API_URL,
  getToken: () => authStore.getState().token,
  onUnauthenticated: () => {
    if (authStore.getState().token) authStore.signOut('expired');
  },
});
