import { z } from 'zod';
import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';

/** Whether the user's Telegram chat is linked, so codes and reminders can reach it. */
export const TelegramLinkStatusSchema = z.object({
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
});
export type TelegramLinkStatus = z.infer<typeof TelegramLinkStatusSchema>;

/** The bot's deep link the user opens to press START; single use, until `expiresAt`. */
export const TelegramLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;

/**
 * A Bot API update as the webhook receives it (providers.md §3.2). Only `update_id` is required: every other
 * kind of update is acknowledged and ignored, since Telegram retries whatever is not answered with a 2xx.
 */
export const TelegramUpdateSchema = z.looseObject({ update_id: z.number().int() });

const common = { tags: ['telegram'] } as const;

export const telegramContract = {
  status: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/telegram',
    summary: "Whether the user's Telegram chat is linked",
    auth: 'signedIn',
    response: TelegramLinkStatusSchema,
    errors: [],
  }),
  link: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/user/telegram/link',
    summary: "A single-use deep link to the bot's /start that links the user's chat",
    auth: 'signedIn',
    body: z.strictObject({}),
    response: TelegramLinkSchema,
    status: 201,
    errors: ['service-unavailable'],
  }),
  unlink: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/v1/user/telegram',
    summary: "Forget the user's Telegram chat",
    auth: 'signedIn',
    response: TelegramLinkStatusSchema,
    errors: [],
  }),
  webhook: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/telegram/webhook',
    summary: "Telegram's updates to the bot (setWebhook with secret_token; X-Telegram-Bot-Api-Secret-Token)",
    auth: 'public',
    body: TelegramUpdateSchema,
    response: Ok,
    errors: ['invalid-signature'],
  }),
} as const;
