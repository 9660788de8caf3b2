/**
 * The one notification policy (issue 31, docs/architecture.md "Notification policy"). Every message to a person
 * has a kind; the kind's class says whether the person's choices may silence it:
 * - transactional (money, bookings, account): always by e-mail, and also by the chosen channel;
 * - reminder and nudge: only when the person keeps that kind on, by the chosen channel; "none" silences them;
 * - push: only by Web Push (a lesson starting now, a new chat message, a payment that failed), when she turned it on.
 * Web Push is a channel of its own beside these (`PUSH_KIND_OF`): each push kind she turns on, on the devices she
 * allowed, whatever her chosen channel.
 */
export const MESSAGE_KIND_CLASS = {
  paymentReceived: 'transactional',
  paymentReference: 'transactional',
  refund: 'transactional',
  /** An automatic renewal the card refused: she has to renew by hand. */
  autoRenewalFailed: 'transactional',
  /** The notice before an automatic renewal's charge: she is told before each one, whatever her nudges. */
  autoRenewalNotice: 'transactional',
  lessonBooked: 'transactional',
  lessonRebooked: 'transactional',
  lessonCancelled: 'transactional',
  accountSecurity: 'transactional',
  /** A request of hers or his answered by staff: a withdrawal, an onboarding step, a report. */
  requestUpdate: 'transactional',
  lessonReminderDay: 'reminder',
  lessonReminderHour: 'reminder',
  subscriptionEnding: 'nudge',
  lessonStarting: 'push',
  chatMessage: 'push',
  paymentFailed: 'push',
} as const;

export type MessageKind = keyof typeof MESSAGE_KIND_CLASS;
export type MessageClass = (typeof MESSAGE_KIND_CLASS)[MessageKind];

/** The kinds a person may turn off on her chosen channel: reminders and nudges. */
export type OptionalKind = {
  [K in MessageKind]: (typeof MESSAGE_KIND_CLASS)[K] extends 'transactional' | 'push' ? never : K;
}[MessageKind];
export const OPTIONAL_KINDS = (Object.keys(MESSAGE_KIND_CLASS) as MessageKind[]).filter(
  (kind): kind is OptionalKind => MESSAGE_KIND_CLASS[kind] !== 'transactional' && MESSAGE_KIND_CLASS[kind] !== 'push',
);

/** What a person may have pushed to her devices, each turned on or off in the settings. */
export const PUSH_KINDS = ['lessonReminders', 'lessonStarting', 'chatMessages', 'paymentResults'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The message kinds each push kind carries; the rest never go by push. */
export const PUSH_KIND_OF: Partial<Record<MessageKind, PushKind>> = {
  lessonReminderDay: 'lessonReminders',
  lessonReminderHour: 'lessonReminders',
  lessonStarting: 'lessonStarting',
  chatMessage: 'chatMessages',
  paymentReceived: 'paymentResults',
  paymentFailed: 'paymentResults',
};

/** The ways out a person can choose; "none" keeps only what always comes by e-mail. */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp', 'telegram', 'none'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** A way a message leaves: the chosen channels, and Web Push to each device she allowed (`to`: its endpoint). */
export type DeliveryChannel = Exclude<NotificationChannel, 'none'> | 'push';

/** A person as the policy sees them: the choices, and the addresses that can be reached. */
export interface NotifiedPerson {
  channel: NotificationChannel;
  /** The optional kinds turned off. */
  mutedKinds: readonly OptionalKind[];
  email: string;
  /** Her phone, once verified (WhatsApp reaches only a verified number). */
  verifiedPhone: string | null;
  /** The chat opened with our bot, once linked (a bot cannot write first). */
  telegramChatId: string | null;
  /**
   * A tutor: his lessons are his work, so "none" does not silence their reminders (they come by e-mail, as before
   * the policy); only turning a kind off does.
   */
  teaches: boolean;
  /** Web Push: the kinds she turned on, and the endpoints of the devices she allowed (none: nothing is pushed). */
  push?: { kinds: readonly PushKind[]; endpoints: readonly string[] } | undefined;
}

export interface Delivery {
  channel: DeliveryChannel;
  to: string;
}

/** The chosen channel's address, or null when it cannot be reached yet (or "none"). */
function chosenDelivery(person: NotifiedPerson): Delivery | null {
  switch (person.channel) {
    case 'email':
      return { channel: 'email', to: person.email };
    case 'whatsapp':
      return person.verifiedPhone ? { channel: 'whatsapp', to: person.verifiedPhone } : null;
    case 'telegram':
      return person.telegramChatId ? { channel: 'telegram', to: person.telegramChatId } : null;
    case 'none':
      return null;
  }
}

/**
 * Where a message of this kind goes, and by push to her devices when she turned its push kind on. Transactional: e-mail and the chosen channel (once each). Reminders and
 * nudges: nothing when muted or "none" (a tutor's lesson reminders by e-mail with "none"); else the chosen channel, or e-mail while that channel is not reachable
 * (a WhatsApp number not yet verified, a Telegram chat not yet linked), so what she asked for still arrives.
 */
export function channelsFor(kind: MessageKind, person: NotifiedPerson): Delivery[] {
  return [...chosenChannelsFor(kind, person), ...pushFor(kind, person)];
}

/** Web Push: one delivery per device she allowed, when the kind is one she turned on for push. */
function pushFor(kind: MessageKind, person: NotifiedPerson): Delivery[] {
  const pushKind = PUSH_KIND_OF[kind];
  if (!pushKind || !person.push?.kinds.includes(pushKind)) return [];
  return person.push.endpoints.map((to) => ({ channel: 'push', to }));
}

function chosenChannelsFor(kind: MessageKind, person: NotifiedPerson): Delivery[] {
  if (MESSAGE_KIND_CLASS[kind] === 'push') return [];
  const email: Delivery = { channel: 'email', to: person.email };
  const chosen = chosenDelivery(person);
  if (MESSAGE_KIND_CLASS[kind] === 'transactional') {
    return chosen && chosen.channel !== 'email' ? [email, chosen] : [email];
  }
  if ((person.mutedKinds as readonly MessageKind[]).includes(kind)) return [];
  if (person.channel === 'none') return person.teaches && MESSAGE_KIND_CLASS[kind] === 'reminder' ? [email] : [];
  return [chosen ?? email];
}

/**
 * The channel a settings form starts on: her choice once she made one; before that WhatsApp when her phone is
 * verified and the platform sends notices by WhatsApp (the channel Egyptian students read), else e-mail.
 */
export function suggestedChannel(p: {
  chosen: boolean;
  channel: NotificationChannel;
  phoneVerified: boolean;
  whatsappOffered: boolean;
}) {
  if (p.chosen) return p.channel;
  return p.phoneVerified && p.whatsappOffered ? 'whatsapp' : 'email';
}
