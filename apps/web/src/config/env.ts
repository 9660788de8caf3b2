import { GoogleClientId } from '@darsak/domain/config';

const runtimeOrigin = (port: number) =>
  typeof window === 'undefined'
    ? `http://localhost:${port}`
    : `${window.location.protocol}//${window.location.hostname}:${port}`;

const setting = (value: string | undefined) => (value?.trim() ? value.trim().replace(/\/+$/, '') : undefined);

/** The main app is served by the API itself, so calls go to the same origin unless told otherwise. */
export const API_URL = setting(import.meta.env.VITE_API_URL) ?? '';
export const ADMIN_URL = setting(import.meta.env.VITE_ADMIN_URL) ?? runtimeOrigin(3001);
export const SITE_URL = setting(import.meta.env.VITE_SITE_URL) ?? runtimeOrigin(3002);

const google = GoogleClientId.safeParse(import.meta.env.VITE_GOOGLE_CLIENT_ID);
export const GOOGLE_CLIENT_ID = google.success ? google.data : undefined;
