import { z } from 'zod';
import {
  ANALYTICS_MEASUREMENT_ID_PATTERN,
  GOOGLE_CLIENT_ID_PATTERN,
  SESSION_RECORDING_PROJECT_ID_PATTERN,
} from './client-config.constants.ts';

/** Server and client environments of spec §1. */
export const AppEnvironment = z.enum(['local', 'staging', 'production']);
export type AppEnvironment = z.infer<typeof AppEnvironment>;

/**
 * Unset settings arrive as "" from env files and build tools; treat blank as absent so a
 * feature stays off instead of failing start-up.
 */
const optionalSetting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const trimmed = () => z.string().trim();

export const GoogleClientId = optionalSetting(trimmed().regex(GOOGLE_CLIENT_ID_PATTERN, 'google-client-id-invalid'));
export const AnalyticsMeasurementId = optionalSetting(
  trimmed().regex(ANALYTICS_MEASUREMENT_ID_PATTERN, 'analytics-id-invalid'),
);
export const SessionRecordingProjectId = optionalSetting(
  trimmed().regex(SESSION_RECORDING_PROJECT_ID_PATTERN, 'session-recording-id-invalid'),
);
const HttpUrl = trimmed().pipe(z.url({ protocol: /^https?$/, message: 'url-invalid' }));
export const ErrorReportingUrl = optionalSetting(HttpUrl);

/** Support links of spec §9; addresses are configuration, none is required. */
export const SupportLinks = z.object({
  telegramNotifications: optionalSetting(HttpUrl),
  telegramTutors: optionalSetting(HttpUrl),
  chat: optionalSetting(HttpUrl),
  whatsapp: optionalSetting(HttpUrl),
});
export type SupportLinks = z.infer<typeof SupportLinks>;

/** A client's own build-time settings, checked once at start. */
export const ClientStartupConfig = z.object({
  environment: AppEnvironment,
  googleClientId: GoogleClientId,
  analyticsId: AnalyticsMeasurementId,
  sessionRecordingId: SessionRecordingProjectId,
  errorReportingUrl: ErrorReportingUrl,
});
export type ClientStartupConfig = z.infer<typeof ClientStartupConfig>;

/** What the server tells clients about itself (public, never secret). */
export const PublicClientConfig = ClientStartupConfig.extend({
  /** The card provider's account number; the specification ships it empty. */
  cardProviderAccountNumber: optionalSetting(trimmed()),
  supportLinks: SupportLinks,
});
export type PublicClientConfig = z.infer<typeof PublicClientConfig>;
