import { MS_PER_HOUR, MS_PER_MINUTE } from '@darsak/domain/common';
import * as chat from '../modules/chat/chat.repo.ts';
import type { Db } from '../platform/db/client.ts';
import type { DemoMessage } from './demo-data.ts';

/**
 * One conversation of the demo student with a tutor, as the chat writes it: the direct room, both members, the
 * messages a few minutes apart ending `hoursAgo` before now, and the student's read mark before the last
 * `unread` messages.
 */
export async function seedConversation(
  tx: Db,
  input: {
    studentId: number;
    tutorId: number;
    messages: readonly DemoMessage[];
    unread: number;
    hoursAgo: number;
    now: Date;
  },
): Promise<void> {
  const { studentId, tutorId, now } = input;
  const end = now.getTime() - input.hoursAgo * MS_PER_HOUR;
  const at = (i: number) => new Date(end - (input.messages.length - 1 - i) * 7 * MS_PER_MINUTE);
  const room = await chat.insertDirectRoom(tx, chat.directKeyOf(studentId, tutorId), studentId, at(0));
  await chat.insertMembers(tx, room.id, [studentId, tutorId], at(0));
  const stored = [];
  for (const [i, [from, body]] of input.messages.entries()) {
    const senderId = from === 'student' ? studentId : tutorId;
    const message = await chat.insertMessage(tx, {
      roomId: room.id,
      senderId,
      clientMessageId: `demo-${room.id}-${i}`,
      body,
      createdAt: at(i),
    });
    if (message) stored.push(message);
  }
  const last = stored.at(-1);
  const lastRead = stored.at(-1 - input.unread);
  if (last) await chat.touchRoom(tx, room.id, last.createdAt);
  if (last) await chat.markRead(tx, room.id, tutorId, last.id, last.createdAt);
  if (lastRead) await chat.markRead(tx, room.id, studentId, lastRead.id, lastRead.createdAt);
}
