import type { AppEnvironment } from './client-config.ts';

// The client configuration's rules that need no schema, apart from client-config.ts so a front end's entry can use
// them without zod (issue 13).

export const GOOGLE_CLIENT_ID_SUFFIX = '.apps.googleusercontent.com';
export const GOOGLE_CLIENT_ID_PATTERN = /^[\w-]+\.apps\.googleusercontent\.com$/;
/** "G-" and ten upper-case letters or digits: 12 characters in all. */
export const ANALYTICS_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{10}$/;
export const SESSION_RECORDING_PROJECT_ID_PATTERN = /^[a-z0-9]{10}$/i;

/** Error reporting runs everywhere but on a developer's machine (spec §1). */
export const errorReportingEnabled = (clientEnv: AppEnvironment): boolean => clientEnv !== 'local';
