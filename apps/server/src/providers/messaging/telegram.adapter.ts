import { AppError } from '@darsak/domain/errors';
import { z } from 'zod';
import { DeliveryError, isPermanentStatus, type Messenger, postJson } from './messenger.ts';

export interface TelegramOptions {
  apiUrl: string;
  botToken: string;
  timeoutMs?: number;
}

const Sent = z.object({ ok: z.literal(true), result: z.object({ message_id: z.number() }) });
const Failed = z.object({
  ok: z.literal(false),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

const CHAT_ID_PATTERN = /^-?[1-9]\d*$/;

/**
 * Telegram Bot API `sendMessage` to the chat the user opened with our bot (providers.md §3.2). A bot cannot
 * write first: a missing chat id, a 403 (blocked or never started) or an unknown chat is `unresolved-phone`.
 */
export function createTelegramMessenger(options: TelegramOptions): Messenger {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.botToken}/sendMessage`;
  return {
    delivery: 'provider',
    async send(message) {
      if (!CHAT_ID_PATTERN.test(message.to)) throw new AppError('unresolved-phone');
      const { status, body } = await postJson(
        'telegram',
        url,
        { chat_id: message.to, text: message.text },
        { timeoutMs: options.timeoutMs ?? 10_000 },
      );
      const sent = Sent.safeParse(body);
      if (status === 200 && sent.success) return String(sent.data.result.message_id);
      const failed = Failed.safeParse(body).data;
      const description = failed?.description ?? 'unexpected answer';
      if (status === 403 || (status === 400 && /chat not found/i.test(description))) {
        throw new AppError('unresolved-phone', { reason: description });
      }
      throw new DeliveryError('telegram', `HTTP ${status} ${description}`, {
        permanent: isPermanentStatus(status),
        retryAfterSeconds: failed?.parameters?.retry_after,
      });
    },
  };
}
