import { z } from 'zod';
import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { NotificationMethodSchema as NotificationChannelSchema } from '../users/users.enums.ts';
import type { OptionalKind } from './policy.ts';

/** Each optional kind on (true) or off; the `satisfies` keeps it in step with the policy's kinds. */
export const NotificationKindsSchema = z.strictObject({
  lessonReminderDay: z.boolean(),
  lessonReminderHour: z.boolean(),
  subscriptionEnding: z.boolean(),
}) satisfies z.ZodType<Record<OptionalKind, boolean>>;
export type NotificationKinds = z.infer<typeof NotificationKindsSchema>;

/** What a person chose, and what the forms need to offer it. */
export const NotificationPreferencesSchema = z.object({
  channel: NotificationChannelSchema,
  kinds: NotificationKindsSchema,
  /** She chose (or closed the prompt): the prompt after the first booking is not shown again. */
  chosen: z.boolean(),
  /** The channel a form starts on: her choice, else WhatsApp once her phone is verified, else e-mail. */
  suggestedChannel: NotificationChannelSchema,
  phoneVerified: z.boolean(),
  telegramLinked: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const UpdateNotificationPreferencesInput = z.strictObject({
  channel: NotificationChannelSchema,
  kinds: NotificationKindsSchema,
});
export type UpdateNotificationPreferencesInput = z.infer<typeof UpdateNotificationPreferencesInput>;

const common = { tags: ['notifications'] } as const;

export const notificationsContract = {
  preferences: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/notification-preferences',
    summary: 'The signed-in user’s notification channel and the reminders and nudges they keep',
    auth: 'signedIn',
    response: NotificationPreferencesSchema,
    errors: [],
  }),
  update: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/user/notification-preferences',
    summary: 'Choose the channel and which reminders and nudges come (transactional messages always come by e-mail)',
    auth: 'signedIn',
    body: UpdateNotificationPreferencesInput,
    response: NotificationPreferencesSchema,
    errors: ['unverified-phone'],
  }),
  dismissPrompt: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/user/notification-preferences/dismiss-prompt',
    summary: 'Close the prompt to choose a channel without choosing; it is not shown again',
    auth: 'signedIn',
    body: z.strictObject({}),
    response: Ok,
    errors: [],
  }),
};
