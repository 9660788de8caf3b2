import type { LessonRecord } from '@darsak/domain/lessons';
import type { CallQualityInput } from '@darsak/domain/sessions';
import { describe, expect, it } from 'vitest';
import { createActor } from '../../../test/harness/actors.ts';
import { lessonCallSuite } from '../../../test/lesson-calls.ts';

// Call quality (issue 29, item 6): each member's browser reports what it measured; staff read it per lesson, and
// the metrics count connections by path and ICE failures. Lessons at 09:15 Cairo on Monday 6 January 2025.
const START = '2025-01-06T07:15:00.000Z';
const METRICS_TOKEN = 'metrics-token-of-the-quality-tests';
const { suite, sockets, bookedLesson, joinCall, ask } = lessonCallSuite('2025-01-06T07:00:00.000Z', {
  METRICS_TOKEN,
});

const report = (patch: Partial<CallQualityInput> & { sessionId: number }): CallQualityInput => ({
  seconds: 15,
  path: { candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' },
  rttMs: 80,
  lossPercent: 1,
  jitterMs: 8,
  sendKbps: 600,
  receiveKbps: 500,
  freezes: 0,
  audioOnlySeconds: 0,
  iceFailures: 0,
  ...patch,
});

const scrape = async () =>
  (
    await suite.t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).body;

describe('call quality', () => {
  it('keeps what each member measured for staff, and counts relayed connections and ICE failures', async () => {
    const { tutor, student, lesson } = await bookedLesson(START);
    suite.t.clock.set(START);
    const tutorSide = await joinCall(tutor, lesson.id);
    const studentSide = await joinCall(student, lesson.id);
    const { sessionId } = studentSide;
    const send = async (side: typeof studentSide, input: CallQualityInput) =>
      side.socket.emitWithAck('session:quality', input);

    expect(await send(studentSide, report({ sessionId, rttMs: 80, freezes: 1 }))).toEqual({ ok: true, data: null });
    expect(await send(studentSide, report({ sessionId, rttMs: 120, iceFailures: 2, audioOnlySeconds: 15 }))).toEqual({
      ok: true,
      data: null,
    });
    const direct = { candidateType: 'host', protocol: 'udp', relayProtocol: null } as const;
    await send(tutorSide, report({ sessionId, path: direct, lossPercent: 0, receiveKbps: 900 }));

    const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lesson.id}/record`)).json() as LessonRecord;
    expect(record.quality).toEqual([
      {
        userId: student.id,
        seconds: 30,
        path: { candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' },
        relayed: true,
        rttMs: 100,
        lossPercent: 1,
        receiveKbps: 500,
        freezes: 1,
        audioOnlySeconds: 15,
        iceFailures: 2,
      },
      expect.objectContaining({ userId: tutor.id, path: direct, relayed: false, receiveKbps: 900 }),
    ]);

    const metrics = await scrape();
    // the student's two reports took one path: one relayed connection; the tutor's one direct
    expect(metrics).toContain('darsak_call_connections_total{path="relay",relay_protocol="tcp"} 1');
    expect(metrics).toContain('darsak_call_connections_total{path="direct",relay_protocol="none"} 1');
    expect(metrics).toContain('darsak_call_ice_failures_total 2');
  });

  it('refuses a report from someone not in the call, and a malformed one, keeping nothing', async () => {
    const { tutor, lesson } = await bookedLesson(START);
    suite.t.clock.set(START);
    const { sessionId } = await joinCall(tutor, lesson.id);
    const stranger = await sockets.connect(suite.baseUrl, (await createActor(suite.t, 'student')).token);
    expect(await stranger.emitWithAck('session:quality', report({ sessionId }))).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    const tutorSocket = await sockets.connect(suite.baseUrl, tutor.token);
    for (const bad of [
      { ...report({ sessionId }), seconds: 0 },
      { ...report({ sessionId }), lossPercent: 101 },
      { ...report({ sessionId }), path: { candidateType: 'carrier-pigeon', protocol: 'udp', relayProtocol: null } },
      { ...report({ sessionId }), extra: true },
    ]) {
      expect(await tutorSocket.emitWithAck('session:quality', bad as CallQualityInput)).toMatchObject({
        ok: false,
        code: 'bad-request',
      });
    }
    const record = (await ask(suite.admin, 'GET', `/api/v1/lesson/${lesson.id}/record`)).json() as LessonRecord;
    expect(record.quality).toEqual([]);
  });
});
