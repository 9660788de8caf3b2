import type { Translation } from '../messages.ts';
import type { appFrameAr } from './app-frame.ar.ts';

/** English messages of the main app's frame: every key of the Arabic file, checked by the type. */
export const appFrameEn: Translation<typeof appFrameAr> = {
  // connection banner (spec §8: connection lost, poor connection)
  'realtime.connection.poor': 'Poor connection',
  'realtime.connection.poorHint': 'Reconnecting automatically…',
  'realtime.connection.lost': 'Connection lost',
  'realtime.connection.lostHint': 'Check your internet connection; we will reconnect as soon as it is back.',

  // log export (spec §2)
  'realtime.log.title': 'Export the app log',
  'realtime.log.body':
    'Saves a text file of what the app went through on this device (connection, errors, call state), without passwords or your messages. Attach it to a problem report to help us fix it.',
  'realtime.log.open': 'Export log',
  'realtime.log.entries': 'Events recorded: {count}',
  'realtime.log.download': 'Download the log file',
  'realtime.log.downloaded': 'The log file was downloaded.',
  'realtime.log.cardTitle': 'Trouble with the connection or lessons?',

  // realtime notices to the other member of a lesson
  'booking.realtime.booked': 'A student booked a lesson with you on {when}',
  'booking.realtime.rebooked': 'A student moved their lesson with you to {when}',
  'booking.realtime.cancelled': 'Your lesson on {when} was cancelled',

  // problem reports: the user menu's entries (the dialog and the /reports page register the reports' catalogue)
  'reports.open': 'Report a problem',
  'reports.mine.title': 'My reports',
};
