import type { Transporter } from 'nodemailer';
import { DeliveryError, type Messenger } from './messenger.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…; nodemailer reads the rest from the URL. */
  url: string;
  /** "Darsak <no-reply@…>" */
  from: string;
}

/** Refusals that will not change on a retry: a 5xx reply, or an envelope nodemailer could not even form. */
function isPermanent(error: { responseCode?: number; code?: string }): boolean {
  if (error.responseCode !== undefined) return error.responseCode >= 500;
  return error.code === 'EENVELOPE';
}

/** The domain of "Name <user@domain>" or "user@domain", for Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'darsak.local';

/** E-mail over SMTP with nodemailer; Arabic text with an optional HTML part. */
export function createSmtpMessenger(options: SmtpOptions): Messenger {
  // nodemailer loads with the first mail, not at start-up: its ES import of node:http makes Node load undici too.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options.url)));
  return {
    delivery: 'provider',
    async send(message) {
      try {
        const info = await (await transportOnce()).sendMail({
          // One Message-ID for every attempt: a mail sent again after a crash is the same mail to the reader's
          // provider, which shows it once.
          messageId: `<${message.key}@${domainOf(options.from)}>`,
          from: options.from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        });
        return info.messageId;
      } catch (error) {
        const smtp = error as Error & { responseCode?: number; code?: string };
        throw new DeliveryError('email', smtp.message, { permanent: isPermanent(smtp), cause: error });
      }
    },
  };
}
