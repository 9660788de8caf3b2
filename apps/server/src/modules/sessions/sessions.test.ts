import { createHmac } from 'node:crypto';
import { MS_PER_MINUTE } from '@darsak/domain/common';
import type { Ack } from '@darsak/domain/realtime';
import type { Session, SessionToken } from '@darsak/domain/sessions';
import { PLATFORM_SETTINGS_DEFAULTS } from '@darsak/domain/settings';
import type { SignedIn } from '@darsak/domain/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { countedBy } from '../../../test/metrics.ts';
import { insertAppointment } from '../../../test/onboarding-rows.ts';
import { acked, type ClientSocket, listen, nextEvent, noEvent, socketPool } from '../../../test/sockets.ts';
import { lessons } from '../lessons/lessons.table.ts';
import { UPLOAD_CHECKS_PER_MINUTE } from './sessions.routes.ts';

const TURN_SECRET = 'coturn-static-auth-secret';
let t: TestApp;
let baseUrl: string;
const sockets = socketPool();
beforeAll(async () => {
  t = await buildTestApp({
    now: '2025-03-02T09:00:00Z',
    env: {
      STUN_URLS: 'stun:stun.darsak.test:3478',
      TURN_URLS: 'turn:turn.darsak.test:3478?transport=udp,turns:turn.darsak.test:5349',
      TURN_SECRET,
      TURN_TTL_SECONDS: '7200',
    },
  });
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const minutes = (n: number) => n * MS_PER_MINUTE;
const at = (base: Date, plusMinutes: number) => new Date(base.getTime() + minutes(plusMinutes));
const connect = (token: string) => sockets.connect(baseUrl, token);

/** A tutor and a student with a lesson starting `startsIn` minutes from the clock's now. */
async function lesson(startsIn = 5, durationMinutes: 15 | 30 = 30) {
  const student = await registerUser(t.app, { role: 'student' });
  const tutor = await registerUser(t.app, { role: 'tutor' });
  const row = await insertLesson(t, {
    tutorId: tutor.user.id,
    studentId: student.user.id,
    startsAt: at(t.clock.now(), startsIn),
    durationMinutes,
  });
  return { student, tutor, lesson: row };
}

const requestToken = (who: { token: string }, lessonId: number | string) =>
  injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/session/token?lessonId=${lessonId}` });

async function tokenOf(who: SignedIn, lessonId: number): Promise<SessionToken> {
  const answer = await requestToken(who, lessonId);
  if (answer.statusCode !== 200) throw new Error(`token refused: ${answer.body}`);
  return answer.json() as SessionToken;
}

/** Connects and joins the lesson's call; returns the socket and the join answer. */
async function join(who: SignedIn, lessonId: number, socket?: ClientSocket) {
  const { token } = await tokenOf(who, lessonId);
  const connected = socket ?? (await connect(who.token));
  return { socket: connected, joined: acked(await connected.emitWithAck('session:join', { token })) };
}

const sessionOf = async (who: { token: string }, id: number) =>
  injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/session/${id}` });

describe('GET /api/v1/session/token', () => {
  it('gives members a join token with STUN and time-limited TURN credentials (coturn REST scheme)', async () => {
    const { student, tutor, lesson: row } = await lesson(5);
    const turnIssued = () => countedBy(t.app, 'darsak_turn_credentials_issued_total');
    const before = await turnIssued();
    const issued = await tokenOf(student, row.id);
    const expiry = Math.floor(t.clock.now().getTime() / 1000) + 7200;
    expect(issued).toMatchObject({
      lessonId: row.id,
      opensAt: at(row.startsAt, -10).toISOString(),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      noShowAt: at(row.startsAt, 5).toISOString(),
      joinState: 'waitingForStart',
      iceServers: [
        { urls: ['stun:stun.darsak.test:3478'] },
        {
          urls: ['turn:turn.darsak.test:3478?transport=udp', 'turns:turn.darsak.test:5349'],
          username: `${expiry}:${student.user.id}`,
          credential: createHmac('sha1', TURN_SECRET).update(`${expiry}:${student.user.id}`).digest('base64'),
        },
      ],
    });
    const tutors = await tokenOf(tutor, row.id);
    expect([tutors.sessionId, tutors.roomId]).toEqual([issued.sessionId, issued.roomId]);
    expect(tutors.token).not.toBe(issued.token);
    expect(await turnIssued()).toBe(before + 2); // one per member's token
  });

  it('[422 session-not-open] before the window opens and from the end; open from 10 minutes before (default)', async () => {
    const { student, lesson: row } = await lesson(11, 15);
    const early = await requestToken(student, row.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: 'session-not-open',
      details: { opensAt: at(row.startsAt, -10).toISOString(), endsAt: row.endsAt.toISOString() },
    });
    t.clock.set(at(row.startsAt, -10));
    expect((await requestToken(student, row.id)).statusCode).toBe(200);
    t.clock.set(at(row.endsAt, -0.01));
    expect((await requestToken(student, row.id)).statusCode).toBe(200);
    t.clock.set(row.endsAt);
    expect((await requestToken(student, row.id)).json()).toMatchObject({ code: 'session-not-open' });
    t.clock.set(at(row.startsAt, -11));
  });

  it('opens as many minutes before the start as the platform setting says, and the lesson says when', async () => {
    const admin = await createActor(t, 'admin');
    const opensBefore = (sessionOpensMinutesBefore: number) =>
      injectAs(t.app, admin.token, {
        method: 'PATCH',
        url: '/api/v1/platform-settings',
        payload: { sessionOpensMinutesBefore },
      });
    const { student, lesson: row } = await lesson(20);
    const joinOpensAt = async () =>
      (await injectAs(t.app, student.token, { method: 'GET', url: `/api/v1/lesson/${row.id}` })).json().joinOpensAt;
    expect(await joinOpensAt()).toBe(at(row.startsAt, -10).toISOString());
    expect((await requestToken(student, row.id)).json()).toMatchObject({
      code: 'session-not-open',
      details: { opensAt: at(row.startsAt, -10).toISOString() },
    });
    try {
      expect((await opensBefore(25)).statusCode).toBe(200);
      expect((await tokenOf(student, row.id)).opensAt).toBe(at(row.startsAt, -25).toISOString());
      expect(await joinOpensAt()).toBe(at(row.startsAt, -25).toISOString());
    } finally {
      await opensBefore(PLATFORM_SETTINGS_DEFAULTS.sessionOpensMinutesBefore);
    }
    expect((await requestToken(student, row.id)).statusCode).toBe(422);
  });

  it('[403 forbidden] to anyone but the two members, [404 lesson-not-found], [422] for a cancelled lesson', async () => {
    const { lesson: row } = await lesson(5);
    const outsider = await registerUser(t.app);
    const admin = await createActor(t, 'admin');
    for (const who of [outsider, admin]) {
      const answer = await requestToken(who, row.id);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'forbidden' });
    }
    const missing = await requestToken(outsider, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'lesson-not-found' });
    expect((await requestToken(outsider, 'abc')).statusCode).toBe(400);

    const student = await registerUser(t.app);
    const tutor = await registerUser(t.app, { role: 'tutor' });
    const cancelled = await insertLesson(t, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      startsAt: at(t.clock.now(), 5),
      status: 'cancelledByTutor',
    });
    expect((await requestToken(student, cancelled.id)).json()).toMatchObject({ code: 'session-not-open' });
  });
});

describe('session:join and join states', () => {
  it('tells the student to wait for the start, then for the tutor, then that the tutor did not attend', async () => {
    const { student, tutor, lesson: row } = await lesson(5);
    const { socket: studentSocket, joined } = await join(student, row.id);
    expect(joined).toEqual({
      sessionId: expect.any(Number),
      lessonId: row.id,
      interviewId: null,
      demoSessionId: null,
      roomId: expect.any(Number),
      joinState: 'waitingForStart',
      peers: [],
    });
    t.clock.set(at(row.startsAt, 1));
    expect(((await sessionOf(student, joined.sessionId)).json() as Session).joinState).toBe('waitingForTutor');
    t.clock.set(at(row.startsAt, 5));
    expect(((await sessionOf(student, joined.sessionId)).json() as Session).joinState).toBe('tutorDidNotAttend');

    const arrived = nextEvent(studentSocket, 'session:peer-joined');
    const state = nextEvent(studentSocket, 'session:state');
    const tutorJoin = await join(tutor, row.id);
    expect(tutorJoin.joined).toMatchObject({ sessionId: joined.sessionId, joinState: null, peers: [student.user.id] });
    expect(await arrived).toEqual({ sessionId: joined.sessionId, userId: tutor.user.id, kind: 'join' });
    expect(await state).toEqual({ sessionId: joined.sessionId, joinState: null });
  });

  it('refuses join tokens that are forged, expired, issued to someone else, or used once the window closed', async () => {
    const first = await lesson(5);
    const second = await lesson(5);
    const { token } = await tokenOf(first.student, first.lesson.id);
    const stranger = await connect(second.student.token);
    const refusals: [ClientSocket, string, string][] = [
      [stranger, token, 'invalid-session-token'],
      [stranger, `${token.slice(0, -4)}AAAA`, 'invalid-session-token'],
      [stranger, 'not.a.token', 'invalid-session-token'],
      // A bearer token is not a join token, even for its own user.
      [stranger, second.student.token, 'invalid-session-token'],
    ];
    for (const [socket, attempt, code] of refusals) {
      expect(await socket.emitWithAck('session:join', { token: attempt })).toMatchObject({ ok: false, code });
    }

    const own = await connect(first.student.token);
    t.clock.advance(minutes(6));
    expect(await own.emitWithAck('session:join', { token })).toMatchObject({ code: 'invalid-session-token' });

    const late = await lesson(-14, 15);
    const { token: lateToken } = await tokenOf(late.student, late.lesson.id);
    t.clock.advance(minutes(2));
    const lateSocket = await connect(late.student.token);
    expect(await lateSocket.emitWithAck('session:join', { token: lateToken })).toMatchObject({
      code: 'session-not-open',
    });
  });
});

describe('signalling and media', () => {
  it('relays offers, answers, candidates and media toggles only to the other member of the call', async () => {
    const { student, tutor, lesson: row } = await lesson(2);
    const other = await lesson(2);
    const { socket: tutorSocket, joined } = await join(tutor, row.id);
    const { socket: studentSocket } = await join(student, row.id);
    const { socket: otherSocket } = await join(other.student, other.lesson.id);
    const outsiderSocket = await connect((await registerUser(t.app)).token);
    const sessionId = joined.sessionId;
    const leaks = [otherSocket, outsiderSocket].map((s) => noEvent(s, 'session:signal', 800));
    const selfEcho = noEvent(tutorSocket, 'session:signal');

    const offer = nextEvent(studentSocket, 'session:signal');
    tutorSocket.emit('session:signal', { sessionId, signal: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await offer).toEqual({ sessionId, from: tutor.user.id, signal: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await selfEcho).toBe('nothing');

    // The connections a signal is between go with it (a late one is kept from a newer connection).
    const answer = nextEvent(tutorSocket, 'session:signal');
    const route = { from: 'student-2', to: 'tutor-1' };
    expect(
      await studentSocket.emitWithAck('session:signal', {
        sessionId,
        signal: { type: 'answer', sdp: 'v=0 answer' },
        route,
      }),
    ).toEqual({ ok: true, data: null });
    expect(await answer).toMatchObject({ signal: { type: 'answer', sdp: 'v=0 answer' }, route });

    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const gotCandidate = nextEvent(studentSocket, 'session:signal');
    tutorSocket.emit('session:signal', { sessionId, signal: { type: 'candidate', candidate } });
    expect((await gotCandidate).signal).toEqual({ type: 'candidate', candidate });

    const media = nextEvent(studentSocket, 'session:media');
    tutorSocket.emit('session:media', { sessionId, camera: false, microphone: true });
    expect(await media).toEqual({ sessionId, userId: tutor.user.id, camera: false, microphone: true });
    // a video paused for a weak link is told as such
    const weak = nextEvent(studentSocket, 'session:media');
    tutorSocket.emit('session:media', { sessionId, camera: true, microphone: true, weakLink: true });
    expect(await weak).toEqual({ sessionId, userId: tutor.user.id, camera: true, microphone: true, weakLink: true });

    for (const leak of leaks) expect(await leak).toBe('nothing');
    // Sockets that did not join this call cannot signal into it.
    for (const socket of [otherSocket, outsiderSocket]) {
      expect(
        await socket.emitWithAck('session:signal', { sessionId, signal: { type: 'offer', sdp: 'v=0 intruder' } }),
      ).toMatchObject({ ok: false, code: 'forbidden' });
      expect(await socket.emitWithAck('session:media', { sessionId, camera: true, microphone: true })).toMatchObject({
        code: 'forbidden',
      });
    }
  });

  it('answers payloads it cannot read with a coded bad-request and keeps serving', async () => {
    const { tutor, lesson: row } = await lesson(2);
    const { socket, joined } = await join(tutor, row.id);
    const sessionId = joined.sessionId;
    const bad: [string, unknown][] = [
      ['session:join', {}],
      ['session:join', { token: 5 }],
      ['session:join', null],
      ['session:leave', { sessionId: 'x' }],
      ['session:signal', { sessionId, signal: { type: 'offer' } }],
      ['session:signal', { sessionId, signal: { type: 'bogus', sdp: 'x' } }],
      ['session:signal', { sessionId, signal: { type: 'offer', sdp: 'x'.repeat(100_001) } }],
      ['session:signal', { sessionId, signal: { type: 'candidate', candidate: { candidate: 7 } } }],
      ['session:signal', 'offer'],
      ['session:signal', { sessionId, signal: { type: 'answer', sdp: 'x' }, route: { from: '', to: null } }],
      ['session:signal', { sessionId, signal: { type: 'answer', sdp: 'x' }, route: { from: 'a', to: 'b'.repeat(65) } }],
      ['session:media', { sessionId, camera: 'yes', microphone: true }],
      ['session:media', { sessionId, camera: true, microphone: true, weakLink: 'very' }],
    ];
    for (const [event, payload] of bad) {
      const ack = (await socket.emitWithAck(event as 'session:join', payload as never)) as Ack<unknown>;
      expect(ack, `${event} ${JSON.stringify(payload)?.slice(0, 60)}`).toMatchObject({
        ok: false,
        code: 'bad-request',
      });
    }
    (socket as unknown as { emit(event: string): void }).emit('session:signal');
    expect(await socket.emitWithAck('session:media', { sessionId, camera: true, microphone: false })).toEqual({
      ok: true,
      data: null,
    });
  });
});

describe('the timeline of a call', () => {
  it('records every join, drop, reconnect and leave with its time, and marks first joins on the lesson', async () => {
    const { student, tutor, lesson: row } = await lesson(3);
    const t0 = t.clock.now();
    const { socket: tutorSocket, joined } = await join(tutor, row.id);
    const sessionId = joined.sessionId;
    t.clock.advance(minutes(1));
    const { socket: firstConnection } = await join(student, row.id);

    // A second tab of the tutor leaving does not take the tutor out of the call.
    const tutorTab = await join(tutor, row.id);
    t.clock.advance(minutes(1));
    const quiet = noEvent(firstConnection, 'session:peer-left');
    tutorTab.socket.close();
    expect(await quiet).toBe('nothing');

    const dropped = nextEvent(tutorSocket, 'session:peer-left');
    firstConnection.close();
    expect(await dropped).toEqual({ sessionId, userId: student.user.id, kind: 'drop' });

    t.clock.advance(minutes(1));
    const back = nextEvent(tutorSocket, 'session:peer-joined');
    const { socket: studentSocket } = await join(student, row.id);
    expect(await back).toEqual({ sessionId, userId: student.user.id, kind: 'reconnect' });

    t.clock.advance(minutes(1));
    const left = nextEvent(tutorSocket, 'session:peer-left');
    expect(await studentSocket.emitWithAck('session:leave', { sessionId })).toEqual({ ok: true, data: null });
    expect(await left).toEqual({ sessionId, userId: student.user.id, kind: 'leave' });
    const relayAfterLeave = await studentSocket.emitWithAck('session:media', {
      sessionId,
      camera: true,
      microphone: true,
    });
    expect(relayAfterLeave).toMatchObject({ code: 'forbidden' });

    const session = (await sessionOf(tutor, sessionId)).json() as Session;
    const iso = (plus: number) => at(t0, plus).toISOString();
    expect(session.events).toEqual([
      { userId: tutor.user.id, kind: 'join', at: iso(0) },
      { userId: student.user.id, kind: 'join', at: iso(1) },
      { userId: tutor.user.id, kind: 'reconnect', at: iso(1) },
      { userId: student.user.id, kind: 'drop', at: iso(2) },
      { userId: student.user.id, kind: 'reconnect', at: iso(3) },
      { userId: student.user.id, kind: 'leave', at: iso(4) },
    ]);
    // The lesson started at +3 with the tutor in: nobody waits.
    expect(session).toMatchObject({ startedAt: iso(0), joinState: null });
    const [marks] = await t.database.db
      .select({ tutor: lessons.tutorJoinedAt, student: lessons.studentJoinedAt })
      .from(lessons)
      .where(eq(lessons.id, row.id));
    expect(marks).toEqual({ tutor: t0, student: at(t0, 1) });
  });
});

describe('GET /api/v1/session/:id', () => {
  it('shows the call to its members and admins only', async () => {
    const { student, tutor, lesson: row } = await lesson(5);
    const { sessionId } = await tokenOf(student, row.id);
    const seen = (await sessionOf(tutor, sessionId)).json() as Session;
    expect(seen).toMatchObject({ id: sessionId, type: 'lesson', lessonId: row.id, status: 1, events: [] });
    expect(seen.members.map((m) => m.id).sort()).toEqual([student.user.id, tutor.user.id].sort());
    const admin = await createActor(t, 'admin');
    expect((await sessionOf(admin, sessionId)).statusCode).toBe(200);
    const outsider = await sessionOf(await registerUser(t.app), sessionId);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ code: 'forbidden' });
    const missing = await sessionOf(student, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'session-not-found' });
  });
});

describe('POST /api/v1/session/upload-check', () => {
  it('counts what a member sends and drops it, refuses more than 256 KB or anyone signed out, up to a limit a minute', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const check = (who: { token: string }, data: unknown) =>
      injectAs(t.app, who.token, { method: 'POST', url: '/api/v1/session/upload-check', payload: { data } });
    const counted = await check(student, 'x'.repeat(64 * 1024));
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ receivedChars: 64 * 1024 });
    const tooMuch = await check(student, 'x'.repeat(256 * 1024 + 1));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'bad-request' });
    expect((await check({ token: 'not-a-token' }, 'x')).statusCode).toBe(401);
    const answers = [];
    for (let i = 0; i < UPLOAD_CHECKS_PER_MINUTE; i++) answers.push((await check(student, 'x')).statusCode);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('interviews and demo sessions in the same live room', () => {
  it('opens the call of an interview to its two members only, with its own chat, and records the timeline', async () => {
    const applicant = await createActor(t, 'tutor');
    const manager = await createActor(t, 'tutorManager');
    const startsAt = at(t.clock.now(), 5).toISOString();
    const interviewId = await insertAppointment(t, 'interview', {
      applicantId: applicant.id,
      managerId: manager.id,
      startsAt,
    });
    const tokenFor = (who: { token: string }, query: string) =>
      injectAs(t.app, who.token, { method: 'GET', url: `/api/v1/session/token?${query}` });

    const issued = await tokenFor(applicant, `interviewId=${interviewId}`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      type: 'interview',
      interviewId,
      lessonId: null,
      joinState: 'waitingForStart',
    });
    const stranger = await createActor(t, 'tutorManager');
    expect((await tokenFor(stranger, `interviewId=${interviewId}`)).json().code).toBe('forbidden');
    expect((await tokenFor(applicant, 'interviewId=999999')).json().code).toBe('interview-not-found');
    expect((await tokenFor(applicant, `interviewId=${interviewId}&lessonId=1`)).json().code).toBe('bad-request');

    const socket = await connect(manager.token);
    const managerToken = (await tokenFor(manager, `interviewId=${interviewId}`)).json().token;
    const joined = acked(await socket.emitWithAck('session:join', { token: managerToken }));
    expect(joined).toMatchObject({ interviewId, lessonId: null, demoSessionId: null });
    const seen = (await sessionOf(manager, joined.sessionId)).json() as Session;
    expect(seen).toMatchObject({ type: 'interview', interviewId, events: [{ userId: manager.id, kind: 'join' }] });

    const demoId = await insertAppointment(t, 'demoSession', {
      applicantId: applicant.id,
      managerId: manager.id,
      startsAt,
    });
    const demo = await tokenFor(applicant, `demoSessionId=${demoId}`);
    expect(demo.json()).toMatchObject({ type: 'demoSession', demoSessionId: demoId });
    expect(demo.json().roomId).not.toBe(issued.json().roomId);
  });

  it('makes no conversation of an interview or demo session until someone writes in its chat', async () => {
    const applicant = await createActor(t, 'tutor');
    const manager = await createActor(t, 'tutorManager');
    const admin = await createActor(t, 'admin');
    const startsAt = at(t.clock.now(), 5).toISOString();
    const people = { applicantId: applicant.id, managerId: manager.id, startsAt };
    const interviewId = await insertAppointment(t, 'interview', people);
    const demoId = await insertAppointment(t, 'demoSession', {
      ...people,
      startsAt: at(t.clock.now(), 40).toISOString(),
    });
    const get = (who: { token: string }, url: string) => injectAs(t.app, who.token, { method: 'GET', url });
    const conversationsOf = async (who: { id: number; token: string }) =>
      (await get(who, `/api/v1/chat/list/rooms/${who.id}`)).json().total as number;
    const staffView = async (who: { id: number }) =>
      (await get(admin, `/api/v1/chat/staff/rooms/${who.id}`)).json().total as number;

    const call = (await get(applicant, `/api/v1/session/token?interviewId=${interviewId}`)).json() as SessionToken;
    await get(manager, `/api/v1/session/token?interviewId=${interviewId}`);
    await get(applicant, `/api/v1/session/token?demoSessionId=${demoId}`);
    for (const who of [applicant, manager]) {
      expect(await conversationsOf(who)).toBe(0);
      expect(await staffView(who)).toBe(0);
    }

    const socket = await connect(applicant.token);
    const payload = { roomId: call.roomId, clientMessageId: 'interview-hello', body: 'مرحبًا، أنا جاهز' };
    acked(await socket.emitWithAck('chat:send', payload));
    for (const who of [applicant, manager]) {
      expect(await conversationsOf(who)).toBe(1);
      expect(await staffView(who)).toBe(1);
    }
  });
});
