import type { NewChat } from '@darsak/domain/chat';
import type { SignedIn } from '@darsak/domain/users';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { type ClientSocket, listen, socketPool } from '../../../test/sockets.ts';
import { messages } from '../../modules/chat/chat.table.ts';

// A user's socket events count against per-kind limits shared by all their sockets and every instance: a script
// that floods the chat is refused with `too-many-requests` past 60 messages a minute, and nothing more is stored.

async function chatRoom(t: TestApp): Promise<{ student: SignedIn; roomId: number }> {
  const student = await registerUser(t.app);
  const tutor = await registerUser(t.app, { role: 'tutor' });
  const started = await injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/chat/new',
    payload: { userId: tutor.user.id, message: 'Hello' },
  });
  return { student, roomId: (started.json() as NewChat).room.id };
}

/** Sends `count` messages over the sockets in turn, all at once; the codes of the refusals, by code. */
async function flood(sockets: ClientSocket[], roomId: number, count: number) {
  const acks = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      (sockets[i % sockets.length] as ClientSocket).emitWithAck('chat:send', {
        roomId,
        clientMessageId: `flood-${i}`,
        body: `message ${i}`,
      }),
    ),
  );
  return {
    sent: acks.filter((ack) => ack.ok).length,
    refused: acks.filter((ack) => !ack.ok).map((ack) => (ack.ok ? '' : ack.code)),
  };
}

const storedIn = async (t: TestApp, roomId: number) =>
  (await t.database.db.select({ n: count() }).from(messages).where(eq(messages.roomId, roomId)))[0]?.n;

describe('socket event limits', () => {
  it('refuse a flood of chat messages past 60 a minute, over two devices together', async () => {
    const t = await buildTestApp();
    const pool = socketPool();
    try {
      const { student, roomId } = await chatRoom(t);
      const url = await listen(t.app);
      const devices = [await pool.connect(url, student.token), await pool.connect(url, student.token)];
      const { sent, refused } = await flood(devices, roomId, 100);
      expect(sent).toBe(60);
      expect(new Set(refused)).toEqual(new Set(['too-many-requests']));
      expect(await storedIn(t, roomId)).toBe(1 + 60); // the opening message and the 60 allowed
      // Typing is another kind, with its own count: still allowed.
      expect(await devices[0]?.emitWithAck('chat:typing', { roomId, typing: true })).toMatchObject({ ok: true });
    } finally {
      pool.closeAll();
      await t.close();
    }
  });

  it.skipIf(noCluster)('count on every instance together, through Redis', async () => {
    const first = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    const { app: second, database } = await buildSecondInstance(first);
    const pool = socketPool();
    try {
      const { student, roomId } = await chatRoom(first);
      const devices = [
        await pool.connect(await listen(first.app), student.token),
        await pool.connect(await listen(second), student.token),
      ];
      expect((await flood(devices, roomId, 100)).sent).toBe(60);
    } finally {
      pool.closeAll();
      await second.close();
      await database.close();
      await first.close();
    }
  });
});
