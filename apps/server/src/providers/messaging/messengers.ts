import type { Config } from '../../config/env.ts';
import type { Messenger, Messengers } from './messenger.ts';
import { outboxMessenger } from './outbox.adapter.ts';
import { createSmtpMessenger } from './smtp.adapter.ts';
import { createTelegramMessenger } from './telegram.adapter.ts';
import { pushUnavailable } from './web-push.adapter.ts';
import { createWhatsappMessenger } from './whatsapp.adapter.ts';

type MessagingConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'WHATSAPP_API_URL'
  | 'WHATSAPP_ACCESS_TOKEN'
  | 'WHATSAPP_PHONE_NUMBER_ID'
  | 'WHATSAPP_TEMPLATE'
  | 'WHATSAPP_NOTICE_TEMPLATE'
  | 'TELEGRAM_API_URL'
  | 'TELEGRAM_BOT_TOKEN'
>;

/**
 * Whether WhatsApp carries notices besides codes: in the outbox everything does; by the Cloud API only with a notice
 * template.
 */
export const whatsappCarriesNotices = (config: MessagingConfig, messengers: Messengers): boolean =>
  messengers.whatsapp.delivery === 'outbox' || Boolean(config.WHATSAPP_NOTICE_TEMPLATE);

/**
 * Each channel goes by its provider when its credentials are set, else it stays in the outbox (DESIGN §5). Web Push
 * has no outbox stand-in: it goes to the device's push service (`createWebPushMessenger`, given with the VAPID keys),
 * or, unconfigured, nowhere (nobody can subscribe then).
 */
export function createMessengers(config: MessagingConfig, push: Messenger = pushUnavailable): Messengers {
  return {
    push,
    email: config.SMTP_URL ? createSmtpMessenger({ url: config.SMTP_URL, from: config.MAIL_FROM }) : outboxMessenger,
    whatsapp:
      config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? createWhatsappMessenger({
            apiUrl: config.WHATSAPP_API_URL,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            template: config.WHATSAPP_TEMPLATE,
            noticeTemplate: config.WHATSAPP_NOTICE_TEMPLATE,
          })
        : outboxMessenger,
    telegram: config.TELEGRAM_BOT_TOKEN
      ? createTelegramMessenger({ apiUrl: config.TELEGRAM_API_URL, botToken: config.TELEGRAM_BOT_TOKEN })
      : outboxMessenger,
  };
}
