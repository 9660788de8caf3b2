/**
 * The one notification policy (issue 31, docs/architecture.md "Notification policy"). Every message to a person
 * has a kind; the kind's class says whether the person's choices may silence it:
 * - transactional (money, bookings, account): always by e-mail, and also by the chosen channel;
 * - reminder and nudge: only when the person keeps that kind on, by the chosen channel; "none" silences them.
 */
export const MESSAGE_KIND_CLASS = {
  paymentReceived: 'transactional',
  paymentReference: 'transactional',
  refund: 'transactional',
  lessonBooked: 'transactional',
  lessonRebooked: 'transactional',
  lessonCancelled: 'transactional',
  accountSecurity: 'transactional',
  /** A request of hers or his answered by staff: a withdrawal, an onboarding step, a report. */
  requestUpdate: 'transactional',
  lessonReminderDay: 'reminder',
  lessonReminderHour: 'reminder',
  subscriptionEnding: 'nudge',
} as const;

export type MessageKind = keyof typeof MESSAGE_KIND_CLASS;
export type MessageClass = (typeof MESSAGE_KIND_CLASS)[MessageKind];

/** The kinds a person may turn off: reminders and nudges. */
export type OptionalKind = {
  [K in MessageKind]: (typeof MESSAGE_KIND_CLASS)[K] extends 'transactional' ? never : K;
}[MessageKind];
export const OPTIONAL_KINDS = (Object.keys(MESSAGE_KIND_CLASS) as MessageKind[]).filter(
  (kind): kind is OptionalKind => MESSAGE_KIND_CLASS[kind] !== 'transactional',
);

/** The ways out a person can choose; "none" keeps only what always comes by e-mail. */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp', 'telegram', 'none'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type DeliveryChannel = Exclude<NotificationChannel, 'none'>;

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
 * Where a message of this kind goes. Transactional: e-mail and the chosen channel (once each). Reminders and
 * nudges: nothing when muted or "none" (a tutor's lesson reminders by e-mail with "none"); else the chosen channel, or e-mail while that channel is not reachable
 * (a WhatsApp number not yet verified, a Telegram chat not yet linked), so what she asked for still arrives.
 */
export function channelsFor(kind: MessageKind, person: NotifiedPerson): Delivery[] {
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
 * verified (the channel Egyptian students read), else e-mail.
 */
export function suggestedChannel(p: { chosen: boolean; channel: NotificationChannel; phoneVerified: boolean }) {
  if (p.chosen) return p.channel;
  return p.phoneVerified ? 'whatsapp' : 'email';
}
