import type { telegramAr } from './telegram.ar.ts';

/** English messages of linking a Telegram chat: every key of the Arabic file, checked by the type. */
export const telegramEn: Record<keyof typeof telegramAr, string> = {
  'telegram.title': 'Link Telegram',
  'telegram.notLinked': 'Your account is not linked to Telegram yet. Link it to get codes and lesson reminders there.',
  'telegram.link': 'Link Telegram',
  'telegram.linkedSince': 'Your account has been linked to Telegram since {date}.',
  'telegram.linked': 'Your account is linked to Telegram.',
  'telegram.linkedNow': 'Telegram is linked',
  'telegram.waiting': 'Waiting for you to press START in the chat with the Darsak bot on Telegram…',
  'telegram.waitingHint': 'This link expires at {time}. If Telegram did not open, open it from here.',
  'telegram.openLink': 'Open Telegram',
  'telegram.expired': 'The link expired before START was pressed. Ask for a new one.',
  'telegram.retry': 'New link',
  'telegram.unlink': 'Unlink Telegram',
  'telegram.unlinkTitle': 'Unlink Telegram?',
  'telegram.unlinkBody': 'Codes and reminders will not reach you on Telegram until you link it again.',
  'telegram.unlinkConfirm': 'Unlink',
  'telegram.unlinked': 'Telegram is unlinked',
  'telegram.loading': 'Checking the Telegram link…',
  'telegram.loadError': 'We could not check the Telegram link.',
} as const;
