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
  /** Local mode: the page that lists sent e-mails and messages. */
  outboxUrl: z.string().optional(),
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
