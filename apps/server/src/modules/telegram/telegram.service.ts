import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { TelegramLink, TelegramLinkStatus } from '@darsak/domain/telegram';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { BOT_REPLIES } from './telegram.messages.ts';
import * as repo from './telegram.repo.ts';

/** How long a deep link can wait for its START. */
export const LINK_TTL_MINUTES = 15;

/** The `/start` command with its deep-link parameter (at most 64 of A-Z a-z 0-9 _ -, providers.md §3.2). */
const START_COMMAND = /^\/start(?:@\w+)?(?:\s+([\w-]{1,64}))?\s*$/;

/** The one kind of update the bot acts on: a text message in a private chat. The rest is acknowledged. */
const PrivateText = z.object({
  update_id: z.number().int(),
  message: z.object({
    chat: z.object({ id: z.number().int(), type: z.literal('private') }),
    text: z.string(),
  }),
});

type TelegramConfig = Pick<
  Config,
  'TELEGRAM_BOT_USERNAME' | 'TELEGRAM_WEBHOOK_SECRET' | 'JWT_SECRET' | 'PUBLIC_APP_URL' | 'isLocal'
>;

/**
 * The secret Telegram must echo in X-Telegram-Bot-Api-Secret-Token. Local mode without one derives its own, so
 * the local stand-in speaks the same contract; elsewhere none means the webhook refuses every call.
 */
export function webhookSecretOf(config: TelegramConfig): string | undefined {
  if (config.TELEGRAM_WEBHOOK_SECRET) return config.TELEGRAM_WEBHOOK_SECRET;
  if (!config.isLocal) return undefined;
  return createHmac('sha256', config.JWT_SECRET).update('telegram-webhook').digest('base64url');
}

/** The deep link: the bot on t.me when it is named, the local stand-in in local mode, else none. */
export function linkUrlOf(config: TelegramConfig): ((token: string) => string) | undefined {
  const bot = config.TELEGRAM_BOT_USERNAME?.replace(/^@/, '');
  if (bot) return (token) => `https://t.me/${encodeURIComponent(bot)}?start=${token}`;
  if (!config.isLocal) return undefined;
  return (token) => `${config.PUBLIC_APP_URL.replace(/\/+$/, '')}/dev/telegram/start?token=${token}`;
}

export interface TelegramDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  linkUrl: ((token: string) => string) | undefined;
  webhookSecret: string | undefined;
}

// The token has 256 random bits, so a plain SHA-256 keeps a leaked table from giving live links away.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Linking a user's Telegram chat through the bot's `/start <token>` deep link (providers.md §3.2). */
export function createTelegramService(deps: TelegramDeps) {
  const { db, clock, outbox } = deps;

  async function status(userId: number): Promise<TelegramLinkStatus> {
    const row = await repo.findLink(db, userId);
    if (!row) throw new AppError('user-not-found');
    return {
      linked: row.chatId !== null,
      linkedAt: row.chatId === null ? null : (row.linkedAt?.toISOString() ?? null),
    };
  }

  const secretMatches = (given: string | undefined) =>
    deps.webhookSecret !== undefined &&
    given !== undefined &&
    timingSafeEqual(digest(given), digest(deps.webhookSecret));

  /** Links the token's user to the chat if the token is alive; answers the bot's reply. */
  async function redeem(token: string, chatId: string, updateId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const now = clock.now();
      const row = await repo.findTokenForUpdate(tx, hashToken(token));
      const alive = row !== undefined && !row.consumedAt && now < row.expiresAt;
      if (alive) {
        await repo.consumeToken(tx, row.id, now);
        await repo.setChat(tx, row.userId, chatId, now);
      }
      await outbox.enqueue(tx, {
        channel: 'telegram',
        to: chatId,
        userId: alive ? row.userId : undefined,
        template: alive ? 'telegram-linked' : 'telegram-link-expired',
        text: alive ? BOT_REPLIES.linked : BOT_REPLIES.expired,
        // Telegram delivers an update again until it gets a 2xx: the reply is written once.
        dedupeKey: `telegram-update-${updateId}`,
      });
    });
    outbox.kick();
  }

  return {
    status: (actor: AuthUser) => status(actor.id),

    async createLink(actor: AuthUser): Promise<TelegramLink> {
      if (!deps.linkUrl) throw new AppError('service-unavailable', { reason: 'TELEGRAM_BOT_USERNAME is not set' });
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + LINK_TTL_MINUTES * MS_PER_MINUTE);
      await db.transaction((tx) =>
        repo.replaceToken(tx, { userId: actor.id, tokenHash: hashToken(token), createdAt: now, expiresAt }),
      );
      return { url: deps.linkUrl(token), expiresAt: expiresAt.toISOString() };
    },

    async unlink(actor: AuthUser): Promise<TelegramLinkStatus> {
      await repo.setChat(db, actor.id, null, clock.now());
      return status(actor.id);
    },

    /**
     * An update from Telegram: refused unless it carries our secret; a `/start <token>` in a private chat links
     * that chat, any other update is acknowledged and ignored (Telegram retries anything but a 2xx).
     */
    async receiveUpdate(secret: string | undefined, update: unknown): Promise<{ ok: true }> {
      if (!secretMatches(secret)) throw new AppError('invalid-signature');
      const parsed = PrivateText.safeParse(update);
      const start = parsed.success ? START_COMMAND.exec(parsed.data.message.text.trim()) : null;
      if (!parsed.success || !start) return { ok: true };
      const chatId = String(parsed.data.message.chat.id);
      const token = start[1];
      if (token) {
        await redeem(token, chatId, parsed.data.update_id);
        return { ok: true };
      }
      await db.transaction((tx) =>
        outbox.enqueue(tx, {
          channel: 'telegram',
          to: chatId,
          template: 'telegram-start',
          text: BOT_REPLIES.noToken,
          dedupeKey: `telegram-update-${parsed.data.update_id}`,
        }),
      );
      outbox.kick();
      return { ok: true };
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
