import { createHttpClient } from '@darsak/client';
import { API_URL } from '../config/env.ts';
import { authStore } from './auth-store.ts';

/** The API client of the main app: bearer from the auth store; a 401 unauthenticated signs out. */
export const api = createHttpClient({
  baseUrl: API_URL,
  getToken: () => authStore.getState().token,
  onUnauthenticated: () => {
    if (authStore.getState().token) authStore.signOut('expired');
  },
});
