import { z } from 'zod';
import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { NotificationMethodSchema as NotificationChannelSchema } from '../users/users.enums.ts';
import type { OptionalKind, PushKind } from './policy.ts';

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
  /** The channel a form starts on: her choice, else WhatsApp once her phone is verified (and offered), else e-mail. */
  suggestedChannel: NotificationChannelSchema,
  phoneVerified: z.boolean(),
  /** The platform sends notices by WhatsApp (an approved template is configured); else it is not offered. */
  whatsappOffered: z.boolean(),
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
    errors: ['unverified-phone', 'whatsapp-unavailable'],
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

/** Each push kind on (true) or off; the `satisfies` keeps it in step with the policy's push kinds. */
export const PushKindsSchema = z.strictObject({
  lessonReminders: z.boolean(),
  lessonStarting: z.boolean(),
  chatMessages: z.boolean(),
  paymentResults: z.boolean(),
}) satisfies z.ZodType<Record<PushKind, boolean>>;
export type PushKinds = z.infer<typeof PushKindsSchema>;

/** What the settings card needs for Web Push. */
export const PushSettingsSchema = z.object({
  /** The server sends Web Push (VAPID keys configured, or generated in local mode). */
  available: z.boolean(),
  /** The VAPID public key (base64url) a browser subscribes with; null when push is unavailable. */
  publicKey: z.string().nullable(),
  kinds: PushKindsSchema,
  /** How many of her devices are subscribed. */
  devices: z.number().int().min(0),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** Base64url without padding, of a given decoded length (a P-256 public point: 65 bytes; the auth secret: 16). */
const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `${bytes} bytes in base64url`);

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionInput = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushEndpointInput = z.strictObject({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });
export type PushEndpointInput = z.infer<typeof PushEndpointInput>;

export const pushContract = {
  settings: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/user/push',
    summary:
      'Whether Web Push is offered, its public key, the push kinds turned on and how many devices are subscribed',
    auth: 'signedIn',
    response: PushSettingsSchema,
    errors: [],
  }),
  updateKinds: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/user/push/kinds',
    summary: 'Turn each push kind on or off (lesson reminders, lesson starting, chat messages, payment results)',
    auth: 'signedIn',
    body: z.strictObject({ kinds: PushKindsSchema }),
    response: PushSettingsSchema,
    errors: [],
  }),
  subscribe: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/user/push/subscriptions',
    summary: 'Subscribe this device to Web Push (a device already subscribed by another account moves to this one)',
    auth: 'signedIn',
    body: PushSubscriptionInput,
    response: PushSettingsSchema,
    errors: ['push-unavailable', 'invalid-push-endpoint'],
  }),
  unsubscribe: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/user/push/subscriptions/remove',
    summary: 'Stop pushing to this device (removing one that is not hers changes nothing)',
    auth: 'signedIn',
    body: PushEndpointInput,
    response: PushSettingsSchema,
    errors: [],
  }),
};
