import type { Translation } from '../messages.ts';
import type { pushAr } from './push.ar.ts';

/** English messages of notifications on the device and installing the app: every key of the Arabic file. */
export const pushEn: Translation<typeof pushAr> = {
  'push.title': 'Notifications on this device',
  'push.body':
    'They reach your phone even when Darsak is closed, beside your reminders by e-mail, WhatsApp or Telegram.',
  'push.enable': 'Turn on notifications on this device',
  'push.disable': 'Turn them off on this device',
  'push.onHere': 'Notifications are on for this device.',
  'push.devices': { one: 'On for one device.', other: 'On for {count} devices.' },
  'push.unsupported':
    'This browser cannot show notifications. Open Darsak in Chrome on your phone, or install it on the home screen, to get them.',
  'push.denied':
    'Notifications are blocked for Darsak in this browser. Allow them in the site settings (the lock next to the address), then come back.',
  'push.unavailable': 'Notifications on the device are not available right now.',
  'push.failed': 'Notifications could not be turned on for this device. Try again.',
  'push.kinds': 'What reaches this device',
  'push.kind.lessonReminders': 'Lesson reminders',
  'push.kind.lessonStarting': 'Lesson starting now',
  'push.kind.chatMessages': 'Chat messages',
  'push.kind.paymentResults': 'Payment results',
  'push.saved': 'Your choice is saved',
  'push.loading': 'Loading notifications on the device…',
  'push.loadError': 'Notifications on the device could not be loaded.',
  'push.install.title': 'Install Darsak on your phone',
  'push.install.body': 'Open your lessons with one tap from the home screen, even on a weak connection.',
  'push.install.action': 'Install the app',
  'push.install.later': 'Not now',
};
