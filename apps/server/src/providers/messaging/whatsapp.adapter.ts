import { AppError } from '@darsak/domain/errors';
import { EGYPTIAN_MOBILE_PATTERN } from '@darsak/domain/users';
import { z } from 'zod';
import { DeliveryError, isPermanentStatus, type Messenger, type OutgoingMessage, postJson } from './messenger.ts';

export interface WhatsappOptions {
  /** Graph API base with its version, e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  /** The approved authentication template (copy-code button). */
  template: string;
  /**
   * An approved utility template whose body is one text parameter, for notices (a booking, a reminder): a business
   * may write first on WhatsApp only with a template. Without it only codes go by WhatsApp.
   */
  noticeTemplate?: string | undefined;
  language?: string;
  timeoutMs?: number;
}

const Sent = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const Failed = z.object({ error: z.object({ message: z.string(), code: z.number().optional() }) });

/** Graph error codes that mean "slow down" or "try later" rather than "this message cannot go". */
const TEMPORARY_ERROR_CODES = new Set([4, 80007, 130429, 131000, 131016, 131048, 131056]);

/** 01XXXXXXXXX (or +20…/0020…/20…) → 201XXXXXXXXX, the international form without "+" the Cloud API takes. */
export function toWhatsappNumber(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '').replace(/^00/, '');
  const local = digits.startsWith('20') ? `0${digits.slice(2)}` : digits;
  if (!EGYPTIAN_MOBILE_PATTERN.test(local)) throw new AppError('invalid-phone');
  return `20${local.slice(1)}`;
}

/** The most a template's text parameter holds (Cloud API). */
const TEMPLATE_TEXT_MAX = 1024;

/**
 * WhatsApp Cloud API (providers.md §3.1): a one-time code by the authentication template (the code in the body and
 * again in the copy-code button); any other notice by the notice template, its text as the body's one parameter.
 */
export function createWhatsappMessenger(options: WhatsappOptions): Messenger {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    delivery: 'provider',
    async send(message) {
      const template = templateFor(message, options);
      const { status, body } = await postJson(
        'whatsapp',
        url,
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: toWhatsappNumber(message.to),
          // The Cloud API has no idempotency key; this comes back in its status webhooks to tie them to the row.
          biz_opaque_callback_data: message.key,
          type: 'template',
          template: { ...template, language: { code: options.language ?? 'ar' } },
        },
        { headers: { authorization: `Bearer ${options.accessToken}` }, timeoutMs: options.timeoutMs ?? 10_000 },
      );
      const sent = Sent.safeParse(body);
      if (status >= 200 && status < 300 && sent.success) return sent.data.messages[0]?.id ?? '';
      const error = Failed.safeParse(body).data?.error;
      const temporary = error?.code !== undefined && TEMPORARY_ERROR_CODES.has(error.code);
      throw new DeliveryError(
        'whatsapp',
        `HTTP ${status} ${error?.code ?? ''} ${error?.message ?? 'unexpected answer'}`,
        {
          permanent: isPermanentStatus(status) && !temporary,
        },
      );
    },
  };
}

/** The template a message goes by: the code's, or the notice's; a notice with no notice template cannot go. */
function templateFor(message: OutgoingMessage, options: WhatsappOptions) {
  if (message.code) {
    const parameters = [{ type: 'text', text: message.code }];
    return {
      name: options.template,
      components: [
        { type: 'body', parameters },
        { type: 'button', sub_type: 'url', index: '0', parameters },
      ],
    };
  }
  if (!options.noticeTemplate) {
    throw new DeliveryError('whatsapp', 'no notice template: only one-time codes can go by WhatsApp', {
      permanent: true,
    });
  }
  const text = message.text.slice(0, TEMPLATE_TEXT_MAX);
  return { name: options.noticeTemplate, components: [{ type: 'body', parameters: [{ type: 'text', text }] }] };
}
