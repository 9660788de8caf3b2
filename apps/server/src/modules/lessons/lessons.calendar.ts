import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LessonView } from '@darsak/domain/lessons';

// The ICS feed needs no sign-in (calendar apps cannot send a bearer), so its link carries a secret: the user's
// id and an HMAC of it under the server secret. Anyone with the link reads that user's lesson times, no more.

const signatureOf = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`lesson-calendar:${userId}`).digest('base64url').slice(0, 32);

export const calendarToken = (secret: string, userId: number): string => `${userId}-${signatureOf(secret, userId)}`;

/** The user a calendar token belongs to, or undefined when it was not made with this secret. */
export function calendarUserOf(secret: string, token: string): number | undefined {
  const dash = token.indexOf('-');
  const userId = Number(token.slice(0, dash));
  if (dash < 1 || !Number.isSafeInteger(userId) || userId <= 0) return undefined;
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(token.slice(dash + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after a space, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The lessons of one user as an iCalendar document, in UTC times (calendar apps show them in the user's zone). */
export function lessonsCalendar(input: { lessons: LessonView[]; viewerId: number; appUrl: string; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Darsak//Lessons//AR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:دروس درسك',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const lesson of input.lessons) {
    const other = lesson.tutor.id === input.viewerId ? lesson.student.name : lesson.tutor.name;
    const url = `${input.appUrl.replace(/\/+$/, '')}/lesson/${lesson.id}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:lesson-${lesson.id}@darsak`,
      `DTSTAMP:${stamp(input.now.toISOString())}`,
      `DTSTART:${stamp(lesson.startsAt)}`,
      `DTEND:${stamp(lesson.endsAt)}`,
      `SUMMARY:${escapeText(`درس إنجليزي مع ${other} (${lesson.durationMinutes} دقيقة)`)}`,
      `DESCRIPTION:${escapeText(`ادخل الدرس من ${url}`)}`,
      `URL:${url}`,
      'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
