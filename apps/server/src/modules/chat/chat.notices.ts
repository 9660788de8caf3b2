import type { ChatMessage } from '@darsak/domain/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { UsersService } from '../users/users.service.ts';

export interface ChatNoticesDeps {
  db: Db;
  notifications: Notifier;
  users: Pick<UsersService, 'findById'>;
  outbox: Pick<Outbox, 'kick'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The most of a message a notification shows. */
const PREVIEW_LENGTH = 140;

/**
 * A new chat message to the room's other members as the notification policy says for `chatMessage`: by push, to
 * those who turned it on. Written after the message is stored and acknowledged, so the sender never waits for it;
 * a failure here loses the notification, never the message.
 */
export function createChatNotices(deps: ChatNoticesDeps) {
  return (message: ChatMessage, memberIds: number[]): void => {
    const recipients = memberIds.filter((id) => id !== message.senderId);
    if (recipients.length === 0 || message.body.trim() === '') return;
    const text =
      message.body.length > PREVIEW_LENGTH ? `${message.body.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : message.body;
    deps.db
      .transaction(async (tx) => {
        const sender = message.senderId === null ? undefined : await deps.users.findById(tx, message.senderId);
        for (const userId of recipients) {
          await deps.notifications.send(
            tx,
            userId,
            'chatMessage',
            { subject: sender ? `رسالة من ${sender.name}` : 'رسالة جديدة في درسك', text, url: '/chat' },
            { template: 'chat-message', dedupeKey: `chat-message:${message.id}:${userId}` },
          );
        }
      })
      .then(() => deps.outbox.kick())
      .catch((error: unknown) => deps.log.error({ err: error, messageId: message.id }, 'chat message notice failed'));
  };
}
