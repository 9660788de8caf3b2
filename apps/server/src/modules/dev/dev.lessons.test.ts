import type { SessionToken } from '@darsak/domain/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /dev/lesson (local mode)', () => {
  it('makes a lesson starting now whose session its two members can join', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const tutor = await registerUser(t.app, { role: 'tutor' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/lesson',
      payload: { studentId: student.user.id, tutorId: tutor.user.id },
    });
    expect(made.statusCode).toBe(201);
    const { lessonId } = made.json() as { lessonId: number };
    const token = await injectAs(t.app, tutor.token, {
      method: 'GET',
      url: `/api/v1/session/token?lessonId=${lessonId}`,
    });
    expect(token.statusCode).toBe(200);
    expect((token.json() as SessionToken).lessonId).toBe(lessonId);
  });

  it('[400 bad-request] for a payload it cannot read', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/dev/lesson', payload: { studentId: 'x' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'bad-request' });
  });
});
