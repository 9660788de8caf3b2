import { z } from 'zod';
import { defineRoute } from '../contract/define-route.ts';
import { AppEnvironment } from './client-config.ts';

const setting = z.string().optional();

/** What clients learn at start; transform-free because responses are encoded with it. */
export const PublicConfigResponse = z.object({
  environment: AppEnvironment,
  googleClientId: setting,
  analyticsId: setting,
  sessionRecordingId: setting,
  errorReportingUrl: setting,
  cardProviderAccountNumber: setting,
  supportLinks: z.object({ telegramNotifications: setting, telegramTutors: setting, chat: setting, whatsapp: setting }),
  /** Local mode: Google sign-in goes through the built-in stand-in page instead of Google. */
  googleSimulator: z.boolean(),
  /** Large uploads (intro videos) go from the browser straight to object storage: ask for an upload URL first. */
  directUploads: z.boolean().optional(),
  /** Local mode: the page that lists sent e-mails and messages. */
  outboxUrl: z.string().optional(),
  /**
   * Which payment providers take payments (configured, or simulated in local mode): the checkout offers Paymob's
   * hosted card page only when it does, and Fawry's methods only when Fawry does. Absent: Fawry alone.
   */
  paymentProviders: z.object({ fawry: z.boolean(), paymob: z.boolean() }).optional(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;

export const configContract = {
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/config',
    summary: 'Public client configuration (environment, sign-in options, support links)',
    tags: ['config'],
    auth: 'public',
    response: PublicConfigResponse,
    errors: [],
  }),
} as const;

/** Where each part of Darsak is reached, from the server's configuration (the API shares the main app's origin). */
export const PublicUrls = z.object({ api: z.string(), app: z.string(), admin: z.string(), site: z.string() });
export type PublicUrls = z.infer<typeof PublicUrls>;

/**
 * What every front end learns before it starts, from `/runtime-config.js` on its own origin: the addresses and the
 * public configuration, so one build runs at any address (DESIGN §6) and no page waits for a request to know them.
 */
export const RuntimeConfig = PublicConfigResponse.extend({ urls: PublicUrls });
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
