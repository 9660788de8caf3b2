import { describe, expect, it } from 'vitest';
import {
  channelsFor,
  MESSAGE_KIND_CLASS,
  type MessageKind,
  NOTIFICATION_CHANNELS,
  type NotifiedPerson,
  OPTIONAL_KINDS,
  PUSH_KIND_OF,
  PUSH_KINDS,
  type PushKind,
  suggestedChannel,
} from './policy.ts';

const KINDS = Object.keys(MESSAGE_KIND_CLASS) as MessageKind[];
const TRANSACTIONAL = KINDS.filter((kind) => MESSAGE_KIND_CLASS[kind] === 'transactional');

const person = (over: Partial<NotifiedPerson> = {}): NotifiedPerson => ({
  channel: 'whatsapp',
  mutedKinds: [],
  email: 'mona@example.com',
  verifiedPhone: '01012345678',
  telegramChatId: '777',
  teaches: false,
  ...over,
});

const email = { channel: 'email', to: 'mona@example.com' };
const whatsapp = { channel: 'whatsapp', to: '01012345678' };
const telegram = { channel: 'telegram', to: '777' };

describe('the kinds', () => {
  it('names payments, the Fawry reference, refunds, bookings, cancellations and security transactional', () => {
    expect(TRANSACTIONAL).toEqual(
      expect.arrayContaining([
        'paymentReceived',
        'paymentReference',
        'refund',
        'lessonBooked',
        'lessonRebooked',
        'lessonCancelled',
        'accountSecurity',
      ]),
    );
    expect(OPTIONAL_KINDS).toEqual(['lessonReminderDay', 'lessonReminderHour', 'subscriptionEnding']);
  });
});

describe('channelsFor: transactional', () => {
  it.each(TRANSACTIONAL)('%s goes by e-mail and the chosen channel', (kind) => {
    expect(channelsFor(kind, person({ channel: 'whatsapp' }))).toEqual([email, whatsapp]);
    expect(channelsFor(kind, person({ channel: 'telegram' }))).toEqual([email, telegram]);
  });

  it.each(TRANSACTIONAL)('%s goes by e-mail once when e-mail is the chosen channel, or with "none"', (kind) => {
    expect(channelsFor(kind, person({ channel: 'email' }))).toEqual([email]);
    expect(channelsFor(kind, person({ channel: 'none' }))).toEqual([email]);
  });

  it('goes by e-mail alone while the chosen channel cannot be reached yet', () => {
    expect(channelsFor('lessonBooked', person({ verifiedPhone: null }))).toEqual([email]);
    expect(channelsFor('refund', person({ channel: 'telegram', telegramChatId: null }))).toEqual([email]);
  });

  it('ignores muted kinds: a transactional kind cannot be muted', () => {
    const muted = person({ mutedKinds: [...OPTIONAL_KINDS] });
    expect(channelsFor('paymentReference', muted)).toEqual([email, whatsapp]);
  });
});

describe('channelsFor: reminders and nudges', () => {
  it.each(OPTIONAL_KINDS)('%s goes by the chosen channel only', (kind) => {
    expect(channelsFor(kind, person({ channel: 'whatsapp' }))).toEqual([whatsapp]);
    expect(channelsFor(kind, person({ channel: 'telegram' }))).toEqual([telegram]);
    expect(channelsFor(kind, person({ channel: 'email' }))).toEqual([email]);
  });

  it.each(OPTIONAL_KINDS)('%s is not sent with "none", whatever the kinds say', (kind) => {
    expect(channelsFor(kind, person({ channel: 'none' }))).toEqual([]);
  });

  it.each(OPTIONAL_KINDS)('%s is not sent when muted, and the other kinds still are', (kind) => {
    const muted = person({ mutedKinds: [kind] });
    expect(channelsFor(kind, muted)).toEqual([]);
    for (const other of OPTIONAL_KINDS.filter((k) => k !== kind)) expect(channelsFor(other, muted)).toEqual([whatsapp]);
  });

  it('falls back to e-mail while the chosen channel cannot be reached yet', () => {
    expect(channelsFor('lessonReminderHour', person({ verifiedPhone: null }))).toEqual([email]);
    expect(channelsFor('subscriptionEnding', person({ channel: 'telegram', telegramChatId: null }))).toEqual([email]);
  });
});

describe('channelsFor: a tutor', () => {
  it('still gets his lesson reminders by e-mail with "none", but no nudge, and none he turned off', () => {
    const tutor = person({ channel: 'none', teaches: true });
    expect(channelsFor('lessonReminderDay', tutor)).toEqual([email]);
    expect(channelsFor('lessonReminderHour', tutor)).toEqual([email]);
    expect(channelsFor('subscriptionEnding', tutor)).toEqual([]);
    expect(channelsFor('lessonReminderDay', { ...tutor, mutedKinds: ['lessonReminderDay'] })).toEqual([]);
    expect(channelsFor('lessonReminderDay', person({ channel: 'none' }))).toEqual([]);
  });
});

describe('suggestedChannel', () => {
  it('keeps her choice once made, for every channel', () => {
    for (const channel of NOTIFICATION_CHANNELS) {
      expect(suggestedChannel({ chosen: true, channel, phoneVerified: true, whatsappOffered: true })).toBe(channel);
    }
  });

  it('preselects WhatsApp once her phone is verified, else e-mail', () => {
    const unchosen = { chosen: false, channel: 'none', whatsappOffered: true } as const;
    expect(suggestedChannel({ ...unchosen, phoneVerified: true })).toBe('whatsapp');
    expect(suggestedChannel({ ...unchosen, phoneVerified: false })).toBe('email');
  });

  it('never preselects WhatsApp while the platform sends no notices by it', () => {
    expect(suggestedChannel({ chosen: false, channel: 'none', phoneVerified: true, whatsappOffered: false })).toBe(
      'email',
    );
  });
});

describe('channelsFor: Web Push', () => {
  const phone = 'https://fcm.googleapis.com/fcm/send/phone';
  const laptop = 'https://updates.push.services.mozilla.com/wpush/v2/laptop';
  const pushed = (kinds: PushKind[]) => person({ channel: 'email', push: { kinds, endpoints: [phone, laptop] } });
  const byPush = [
    { channel: 'push', to: phone },
    { channel: 'push', to: laptop },
  ];

  it('pushes a kind she turned on to each device, beside the chosen channel', () => {
    expect(channelsFor('lessonReminderHour', pushed(['lessonReminders']))).toEqual([email, ...byPush]);
    expect(channelsFor('paymentReceived', pushed(['paymentResults']))).toEqual([email, ...byPush]);
  });

  it('sends the push-only kinds by push alone, and not at all while their kind is off', () => {
    for (const kind of ['lessonStarting', 'chatMessage', 'paymentFailed'] as const) {
      expect(channelsFor(kind, pushed([...PUSH_KINDS]))).toEqual(byPush);
      expect(channelsFor(kind, pushed([]))).toEqual([]);
      expect(channelsFor(kind, person())).toEqual([]);
    }
    expect(channelsFor('chatMessage', pushed(['lessonStarting']))).toEqual([]);
  });

  it('never pushes what has no push kind (a booking, a reference), nor to a person with no device', () => {
    expect(channelsFor('lessonBooked', pushed([...PUSH_KINDS]))).toEqual([email]);
    expect(channelsFor('paymentReference', pushed([...PUSH_KINDS]))).toEqual([email]);
    const noDevice = person({ push: { kinds: [...PUSH_KINDS], endpoints: [] } });
    expect(channelsFor('chatMessage', noDevice)).toEqual([]);
  });

  it('keeps push apart from the chosen channel: "none" and a muted reminder do not silence it', () => {
    const none = person({ channel: 'none', mutedKinds: ['lessonReminderDay'], push: pushed(['lessonReminders']).push });
    expect(channelsFor('lessonReminderDay', none)).toEqual(byPush);
  });

  it('gives every push-only kind a push kind, so none of them can never be sent', () => {
    const pushOnly = KINDS.filter((kind) => MESSAGE_KIND_CLASS[kind] === 'push');
    expect(pushOnly.filter((kind) => !PUSH_KIND_OF[kind])).toEqual([]);
  });
});
