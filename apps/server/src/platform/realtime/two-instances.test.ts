import type { NewChat } from '@darsak/domain/chat';
import { MS_PER_MINUTE } from '@darsak/domain/common';
import type { SessionToken } from '@darsak/domain/sessions';
import type { SignedIn } from '@darsak/domain/users';
import { describe, expect, it } from 'vitest';
import { buildSecondInstance, buildTestApp, injectAs, noCluster, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { credit, requestWithdrawal, saveInstapay } from '../../../test/invoice-fixtures.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { fileReport } from '../../../test/report-fixtures.ts';
import { acked, type ClientSocket, listen, nextEvent, noEvent, socketPool } from '../../../test/sockets.ts';

// Two API instances on one PostgreSQL database and one Redis, as in production: sockets on either instance
// reach each other through the socket.io Redis adapter.

async function twoInstances() {
  const first = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
  const { app: second, database } = await buildSecondInstance(first);
  const urls = [await listen(first.app), await listen(second)] as const;
  const sockets = socketPool();
  return {
    t: first as TestApp,
    connect: (instance: 0 | 1, who: Pick<SignedIn, 'token'>) => sockets.connect(urls[instance], who.token),
    async close() {
      sockets.closeAll();
      await second.close();
      await database.close();
      await first.close();
    },
  };
}

const nothing = (socket: ClientSocket, event: Parameters<typeof nextEvent>[1]) => noEvent(socket, event, 600);

describe('two instances through Redis', () => {
  it.skipIf(noCluster)('pass a chat message from a socket on one instance to a socket on the other', async () => {
    const cluster = await twoInstances();
    try {
      const student = await registerUser(cluster.t.app);
      const tutor = await registerUser(cluster.t.app, { role: 'tutor' });
      const started = await injectAs(cluster.t.app, student.token, {
        method: 'POST',
        url: '/api/v1/chat/new',
        payload: { userId: tutor.user.id, message: 'Hello' },
      });
      const { room } = started.json() as NewChat;
      const onA = await cluster.connect(0, student);
      const onB = await cluster.connect(1, tutor);

      const delivered = nextEvent(onB, 'chat:message');
      const sent = acked(
        await onA.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'x-1', body: 'across' }),
      );
      expect(await delivered).toEqual(sent);

      const typing = nextEvent(onA, 'chat:typing');
      onB.emit('chat:typing', { roomId: room.id, typing: true });
      expect(await typing).toEqual({ roomId: room.id, userId: tutor.user.id, typing: true });

      const reply = nextEvent(onA, 'chat:message');
      const answered = acked(
        await onB.emitWithAck('chat:send', { roomId: room.id, clientMessageId: 'y-1', body: 'back' }),
      );
      expect(await reply).toEqual(answered);
    } finally {
      await cluster.close();
    }
  });

  it.skipIf(noCluster)('relay signalling between members joined on different instances, and only to them', async () => {
    const cluster = await twoInstances();
    try {
      const { t } = cluster;
      const student = await registerUser(t.app);
      const tutor = await registerUser(t.app, { role: 'tutor' });
      const outsider = await registerUser(t.app);
      const lesson = await insertLesson(t, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        startsAt: new Date(t.clock.now().getTime() + 2 * MS_PER_MINUTE),
      });
      const tokenOf = async (who: SignedIn) =>
        (
          (
            await injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/session/token?lessonId=${lesson.id}` })
          ).json() as SessionToken
        ).token;

      const tutorOnA = await cluster.connect(0, tutor);
      const studentOnB = await cluster.connect(1, student);
      const outsiderOnB = await cluster.connect(1, outsider);
      const { sessionId } = acked(await tutorOnA.emitWithAck('session:join', { token: await tokenOf(tutor) }));
      const arrived = nextEvent(tutorOnA, 'session:peer-joined');
      const joined = acked(await studentOnB.emitWithAck('session:join', { token: await tokenOf(student) }));
      expect(joined).toMatchObject({ sessionId, peers: [tutor.user.id] });
      expect(await arrived).toEqual({ sessionId, userId: student.user.id, kind: 'join' });

      const leak = nothing(outsiderOnB, 'session:signal');
      const offer = nextEvent(studentOnB, 'session:signal');
      tutorOnA.emit('session:signal', { sessionId, signal: { type: 'offer', sdp: 'v=0 offer' } });
      expect(await offer).toEqual({ sessionId, from: tutor.user.id, signal: { type: 'offer', sdp: 'v=0 offer' } });
      const answer = nextEvent(tutorOnA, 'session:signal');
      studentOnB.emit('session:signal', { sessionId, signal: { type: 'answer', sdp: 'v=0 answer' } });
      expect((await answer).from).toBe(student.user.id);
      expect(await leak).toBe('nothing');

      const dropped = nextEvent(tutorOnA, 'session:peer-left');
      studentOnB.close();
      expect(await dropped).toEqual({ sessionId, userId: student.user.id, kind: 'drop' });
      expect(await tutorOnA.emitWithAck('session:leave', { sessionId })).toEqual({ ok: true, data: null });
    } finally {
      await cluster.close();
    }
  });

  it.skipIf(noCluster)(
    'tell a tutor and the admin-invoices channel of a withdrawal changed on the other instance',
    async () => {
      const cluster = await twoInstances();
      try {
        const { t } = cluster;
        const [tutor, admin] = [await createActor(t, 'tutor'), await createActor(t, 'admin')];
        await credit(t, tutor.id, 500);
        const method = await saveInstapay(t, tutor, 'cluster@instapay');
        const tutorOnB = await cluster.connect(1, tutor);
        const adminOnB = await cluster.connect(1, admin);
        acked(await adminOnB.emitWithAck('channel:subscribe', { channel: 'admin-invoices' }));

        const [toTutor, toAdmins] = [nextEvent(tutorOnB, 'invoice:updated'), nextEvent(adminOnB, 'invoice:updated')];
        const invoice = await requestWithdrawal(t, tutor, method.id, 200);
        expect(await toTutor).toEqual({ invoiceId: invoice.id, status: 0 });
        expect(await toAdmins).toEqual({ invoiceId: invoice.id, status: 0 });

        const [gone, goneForAdmins] = [nextEvent(tutorOnB, 'invoice:deleted'), nextEvent(adminOnB, 'invoice:deleted')];
        await injectAs(t.app, admin.token, {
          method: 'POST',
          url: `/api/v1/invoice/${invoice.id}/action`,
          payload: { action: 'adminCancel' },
        });
        expect(await gone).toEqual({ invoiceId: invoice.id, status: 2 });
        expect(await goneForAdmins).toEqual({ invoiceId: invoice.id, status: 2 });
      } finally {
        await cluster.close();
      }
    },
  );

  it.skipIf(noCluster)('tell admins on the other instance of a report filed, and not a student', async () => {
    const cluster = await twoInstances();
    try {
      const { t } = cluster;
      const [reporter, admin, student] = [
        await createActor(t, 'student'),
        await createActor(t, 'admin'),
        await createActor(t, 'student'),
      ];
      const adminOnB = await cluster.connect(1, admin);
      const studentOnB = await cluster.connect(1, student);
      acked(await adminOnB.emitWithAck('channel:subscribe', { channel: 'reports' }));

      const [toAdmins, leak] = [nextEvent(adminOnB, 'report:created'), nothing(studentOnB, 'report:created')];
      const report = await fileReport(t, reporter, 'لا يعمل الصوت');
      expect(await toAdmins).toEqual({ reportId: report.id, status: 'open', title: 'لا يعمل الصوت' });
      expect(await leak).toBe('nothing');
    } finally {
      await cluster.close();
    }
  });
});
