import { createHash } from 'node:crypto';
import { AppError } from '@darsak/domain/errors';
import {
  channelsFor,
  type MessageKind,
  type NotificationChannel,
  type NotificationKinds,
  type NotificationPreferences,
  type NotifiedPerson,
  OPTIONAL_KINDS,
  type OptionalKind,
  PUSH_KINDS,
  type PushKind,
  type PushKinds,
  suggestedChannel,
  type UpdateNotificationPreferencesInput,
} from '@darsak/domain/notifications';
import { Role } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Outbox, OutboxAttachment } from '../outbox/outbox.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './notifications.repo.ts';

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<Outbox, 'enqueue'>;
  users: Pick<UsersService, 'findById' | 'setNotificationMethod'>;
  /** WhatsApp carries notices here (in the outbox, or by the Cloud API with a notice template), not only codes. */
  whatsappNotices: boolean;
  /** The endpoints of the devices a user allowed Web Push on (the push module); none: nothing is pushed. */
  pushEndpoints?: (tx: Db, userId: number) => Promise<string[]>;
}

/** A message's words; the subject and the HTML go only by e-mail. */
export interface Notice {
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
  /** The main app's page a pushed notification opens (`/chat`, `/lessons/42`); the home page when unset. */
  url?: string | undefined;
}

export interface SendOptions {
  /** What the message is about, for people reading the outbox (`lesson-booked`, `payment-reference`, …). */
  template: string;
  /** For jobs, which run at least once: each channel's message is stored once per key. */
  dedupeKey?: string | undefined;
  /** Files the e-mail carries (a payment's receipt); the other channels carry the text only. */
  attachments?: OutboxAttachment[] | undefined;
}

type UserRow = NonNullable<Awaited<ReturnType<UsersService['findById']>>>;

const isOptional = (kind: string): kind is OptionalKind => (OPTIONAL_KINDS as readonly string[]).includes(kind);
const mutedOf = (kinds: NotificationKinds) => OPTIONAL_KINDS.filter((kind) => !kinds[kind]);
const isPushKind = (kind: string): kind is PushKind => (PUSH_KINDS as readonly string[]).includes(kind);

/**
 * Notifications (issue 31): what a person chose, and the one way every module sends them a message, through the
 * domain's policy (`channelsFor`): transactional kinds by e-mail and the chosen channel, reminders and nudges as
 * chosen.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock } = deps;

  function personOf(user: UserRow, mutedKinds: readonly string[], push?: NotifiedPerson['push']): NotifiedPerson {
    return {
      push,
      channel: user.notificationMethod as NotificationChannel,
      mutedKinds: mutedKinds.filter(isOptional),
      email: user.email,
      // a WhatsApp that carries only codes cannot reach her with a notice: the policy sends it by e-mail instead
      verifiedPhone: user.phoneVerifiedAt && deps.whatsappNotices ? user.phone : null,
      telegramChatId: user.telegramChatId,
      teaches: user.role === Role.tutor,
    };
  }

  async function preferencesOf(tx: Db, userId: number): Promise<NotificationPreferences> {
    const user = await deps.users.findById(tx, userId);
    if (!user) throw new AppError('user-not-found');
    const row = await repo.findPreferences(tx, userId);
    const muted = new Set(row?.mutedKinds ?? []);
    const channel = user.notificationMethod as NotificationChannel;
    const phoneVerified = user.phoneVerifiedAt !== null;
    const chosen = Boolean(row?.chosenAt);
    return {
      channel,
      kinds: Object.fromEntries(OPTIONAL_KINDS.map((kind) => [kind, !muted.has(kind)])) as NotificationKinds,
      chosen,
      suggestedChannel: suggestedChannel({ chosen, channel, phoneVerified, whatsappOffered: deps.whatsappNotices }),
      phoneVerified,
      whatsappOffered: deps.whatsappNotices,
      telegramLinked: user.telegramChatId !== null,
    };
  }

  return {
    preferences: (actor: AuthUser) => preferencesOf(db, actor.id),

    /** The push kinds a user turned on (the push module's settings). */
    async pushKindsOf(tx: Db, userId: number): Promise<PushKinds> {
      const on = new Set((await repo.findPreferences(tx, userId))?.pushKinds ?? []);
      return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, on.has(kind)])) as PushKinds;
    },

    async savePushKinds(tx: Db, userId: number, kinds: PushKinds): Promise<void> {
      await repo.savePushKinds(
        tx,
        userId,
        PUSH_KINDS.filter((kind) => kinds[kind]),
        clock.now(),
      );
    },

    /**
     * WhatsApp reaches only a verified number, so it is refused until the phone is verified, and while the platform
     * sends no notices by WhatsApp (they would come by e-mail instead).
     */
    async update(actor: AuthUser, input: UpdateNotificationPreferencesInput): Promise<NotificationPreferences> {
      return db.transaction(async (tx) => {
        const user = await deps.users.findById(tx, actor.id);
        if (!user) throw new AppError('user-not-found');
        if (input.channel === 'whatsapp' && !deps.whatsappNotices) throw new AppError('whatsapp-unavailable');
        if (input.channel === 'whatsapp' && !user.phoneVerifiedAt) throw new AppError('unverified-phone');
        await deps.users.setNotificationMethod(tx, actor.id, input.channel);
        const now = clock.now();
        await repo.savePreferences(tx, actor.id, { mutedKinds: mutedOf(input.kinds), chosenAt: now, updatedAt: now });
        return preferencesOf(tx, actor.id);
      });
    },

    /** The prompt after the first booking, closed without a choice: remembered, never shown again. */
    async dismissPrompt(actor: AuthUser) {
      const now = clock.now();
      await repo.savePreferences(db, actor.id, { chosenAt: now, updatedAt: now });
      return { ok: true as const };
    },

    /** Whether a message of this kind would reach the user now (a muted nudge, or "none", does not). */
    async reaches(tx: Db, userId: number, kind: MessageKind): Promise<boolean> {
      const user = await deps.users.findById(tx, userId);
      if (!user) return false;
      const row = await repo.findPreferences(tx, userId);
      return channelsFor(kind, personOf(user, row?.mutedKinds ?? [])).length > 0;
    },

    /**
     * Writes a message to one user in the caller's transaction, on every channel the policy gives for its kind;
     * the caller kicks the outbox after commit.
     */
    async send(tx: Db, userId: number, kind: MessageKind, notice: Notice, options: SendOptions): Promise<void> {
      const user = await deps.users.findById(tx, userId);
      if (!user) return;
      const row = await repo.findPreferences(tx, userId);
      const pushKinds = (row?.pushKinds ?? []).filter(isPushKind);
      const push =
        pushKinds.length > 0 && deps.pushEndpoints
          ? { kinds: pushKinds, endpoints: await deps.pushEndpoints(tx, userId) }
          : undefined;
      for (const { channel, to } of channelsFor(kind, personOf(user, row?.mutedKinds ?? [], push))) {
        const byEmail = channel === 'email';
        const byPush = channel === 'push';
        await deps.outbox.enqueue(tx, {
          channel,
          to,
          userId,
          // a pushed notification's title is the subject
          subject: byEmail || byPush ? notice.subject : undefined,
          text: notice.text,
          html: byEmail ? notice.html : undefined,
          url: byPush ? notice.url : undefined,
          attachments: byEmail ? options.attachments : undefined,
          template: options.template,
          // one message per device by push: its endpoint's digest names it
          dedupeKey: options.dedupeKey
            ? `${options.dedupeKey}:${byPush ? `push:${createHash('sha256').update(to).digest('base64url').slice(0, 16)}` : channel}`
            : undefined,
        });
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** What other modules need to tell someone something. */
export type Notifier = Pick<NotificationsService, 'send'>;
