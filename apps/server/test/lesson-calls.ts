import type { LessonView } from '@darsak/domain/lessons';
import type { SessionToken } from '@darsak/domain/sessions';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from './booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from './build-test-app.ts';
import { type Actor, createActor } from './harness/actors.ts';
import { acked, listen, socketPool } from './sockets.ts';

/**
 * A suite of lessons held in their live call: an app listening for sockets with its clock at `now` before each
 * test, an admin, and the steps every such test takes (book, ask for the call's token, join over a socket).
 */
export function lessonCallSuite(now: string, env?: Record<string, string>) {
  const suite = {} as { t: TestApp; baseUrl: string; admin: Actor };
  const sockets = socketPool();
  beforeAll(async () => {
    suite.t = await buildTestApp({ now, ...(env && { env }) });
    suite.baseUrl = await listen(suite.t.app);
    suite.admin = await createActor(suite.t, 'admin');
  });
  afterAll(async () => {
    sockets.closeAll();
    await suite.t.close();
  });
  beforeEach(() => suite.t.clock.set(now));

  const ask = (actor: Actor, method: 'GET' | 'DELETE' | 'POST', url: string, payload?: object) =>
    injectAs(suite.t.app, actor.token, { method, url, ...(payload ? { payload } : {}) });

  async function openCall(member: Actor, lessonId: number): Promise<SessionToken> {
    const answer = await ask(member, 'GET', `/api/v1/session/token?lessonId=${lessonId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  return {
    suite,
    sockets,
    ask,
    /** A tutor without a notice period, a student with `weeklyMinutes`, and the 30-minute lesson she booked. */
    async bookedLesson(startsAt: string, weeklyMinutes?: number) {
      const tutor = await createTutor(suite.t, { slots: ALL_WEEK, noticePeriodMinutes: 0 });
      const student = await createStudentWithMinutes(suite.t, weeklyMinutes ? { weeklyMinutes } : {});
      const booked = await ask(student, 'POST', '/api/v1/lesson/', {
        tutorId: tutor.id,
        startsAt,
        durationMinutes: 30,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return { tutor, student, lesson: booked.json() as LessonView };
    },
    /** The member asks for the call's join token, which makes the call. */
    openCall,
    /** The member in the call over a socket of their own; `media` reports media flowing or not. */
    async joinCall(member: Actor, lessonId: number) {
      const { token, sessionId } = await openCall(member, lessonId);
      const socket = await sockets.connect(suite.baseUrl, member.token);
      acked(await socket.emitWithAck('session:join', { token }));
      const media = async (flowing: boolean) =>
        acked(await socket.emitWithAck('session:connection', { sessionId, flowing }));
      return { socket, sessionId, media };
    },
  };
}
