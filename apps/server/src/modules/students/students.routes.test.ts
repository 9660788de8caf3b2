import type { RoleName } from '@darsak/domain/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const profile = (actor: Actor, method: 'POST' | 'PATCH', payload: object) =>
  injectAs(t.app, actor.token, { method, url: '/api/v1/student/', payload });
const read = (actor: Actor, id: number) =>
  injectAs(t.app, actor.token, { method: 'GET', url: `/api/v1/student/${id}` });

describe('learner profile', () => {
  it('creates, updates and reads the signed-in student’s profile', async () => {
    const student = await createActor(t, 'student');
    const created = await profile(student, 'POST', { englishLevel: 2, goal: '  أتحدث بطلاقة في العمل ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      userId: student.id,
      name: 'Sara Ali',
      image: null,
      englishLevel: 2,
      goal: 'أتحدث بطلاقة في العمل',
    });

    const updated = await profile(student, 'PATCH', { englishLevel: 4 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ englishLevel: 4, goal: 'أتحدث بطلاقة في العمل' });

    const cleared = await profile(student, 'PATCH', { goal: '' });
    expect(cleared.json()).toMatchObject({ englishLevel: 4, goal: null });
    expect((await read(student, student.id)).json()).toMatchObject({ englishLevel: 4, goal: null });
  });

  it('[400 empty-request] when nothing is sent, [400 bad-request] for a level outside 1..6', async () => {
    const student = await createActor(t, 'student');
    const empty = await profile(student, 'PATCH', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('empty-request');
    const level = await profile(student, 'POST', { englishLevel: 7, goal: null });
    expect(level.statusCode).toBe(400);
    expect(level.json()).toMatchObject({
      code: 'bad-request',
      details: { fields: { englishLevel: expect.any(String) } },
    });
  });

  it('[403 forbidden] for writing by other roles', async () => {
    const tutor = await createActor(t, 'tutor');
    for (const method of ['POST', 'PATCH'] as const) {
      const response = await profile(tutor, method, { englishLevel: 2, goal: null });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('is readable by the student, staff and tutors; [403 forbidden] for other students and the studio', async () => {
    const student = await createActor(t, 'student');
    const readers: RoleName[] = ['superAdmin', 'admin', 'tutorManager', 'tutor'];
    for (const role of readers) {
      const response = await read(await createActor(t, role), student.id);
      expect(response.statusCode, role).toBe(200);
      expect(response.json().userId).toBe(student.id);
    }
    for (const role of ['student', 'studio'] as const) {
      const response = await read(await createActor(t, role), student.id);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('[404 student-not-found] for an unknown user or one who is not a student', async () => {
    const admin = await createActor(t, 'admin');
    const tutor = await createActor(t, 'tutor');
    for (const id of [999999, tutor.id]) {
      const response = await read(admin, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('student-not-found');
    }
  });

  it('[401 unauthenticated] without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/student/1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});

describe('guided tour', () => {
  const tour = (actor: Actor, method: 'GET' | 'PUT') =>
    injectAs(t.app, actor.token, { method, url: '/api/v1/student/tour' });

  it('is not taken by a new student; taking it is remembered, and taking it again keeps the first time', async () => {
    const student = await createActor(t, 'student');
    expect((await tour(student, 'GET')).json()).toEqual({ completedAt: null });
    t.clock.set('2025-03-01T10:00:00Z');
    const first = await tour(student, 'PUT');
    expect([first.statusCode, first.json()]).toEqual([200, { completedAt: '2025-03-01T10:00:00.000Z' }]);
    t.clock.set('2025-03-02T10:00:00Z');
    expect((await tour(student, 'PUT')).json()).toEqual({ completedAt: '2025-03-01T10:00:00.000Z' });
    expect((await tour(student, 'GET')).json()).toEqual({ completedAt: '2025-03-01T10:00:00.000Z' });
    // The learner profile is untouched by it.
    expect((await read(student, student.id)).json()).toMatchObject({ userId: student.id });
  });

  it('is one student’s own: [403 forbidden] for other roles', async () => {
    for (const role of ['tutor', 'admin'] as const) {
      const other = await createActor(t, role);
      expect((await tour(other, 'GET')).statusCode).toBe(403);
      expect((await tour(other, 'PUT')).statusCode).toBe(403);
    }
  });
});
