import type { SessionToken } from '@darsak/domain/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { registerUser } from '../../../test/factories.ts';
import { queuedJobs } from '../../../test/queued-jobs.ts';
import { LESSON_JOBS } from '../lessons/lessons.lifecycle.ts';
import { lessons } from '../lessons/lessons.table.ts';

const NOW = '2025-03-02T09:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(() => t.close());

/** A new student and tutor, and a /dev/lesson between them with these times. */
async function devLesson(times: { startsInMinutes?: number; durationMinutes?: number } = {}) {
  const student = await registerUser(t.app, { role: 'student' });
  const tutor = await registerUser(t.app, { role: 'tutor' });
  const made = await t.app.inject({
    method: 'POST',
    url: '/dev/lesson',
    payload: { studentId: student.user.id, tutorId: tutor.user.id, ...times },
  });
  expect(made.statusCode).toBe(201);
  return { tutor, ...(made.json() as { lessonId: number; startsAt: string; endsAt: string }) };
}

describe('POST /dev/lesson (local mode)', () => {
  it('makes a lesson starting now whose session its two members can join', async () => {
    const { tutor, lessonId } = await devLesson();
    const token = await injectAs(t.app, tutor.token, {
      method: 'GET',
      url: `/api/v1/session/token?lessonId=${lessonId}`,
    });
    expect(token.statusCode).toBe(200);
    expect((token.json() as SessionToken).lessonId).toBe(lessonId);
  });

  it('moves on at its times as a booked lesson does: started, then ended at its end (the manual clock)', async () => {
    const { lessonId, startsAt, endsAt } = await devLesson({ startsInMinutes: 2, durationMinutes: 15 });
    const statusOf = async () =>
      (await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId)))[0]?.status;
    const jobOf = async (name: string) => {
      const job = (await queuedJobs<{ lessonId: number }>(t, name)).find((j) => j.data.lessonId === lessonId);
      if (!job) throw new Error(`no ${name} job for the lesson`);
      return job;
    };
    try {
      const start = await jobOf(LESSON_JOBS.start);
      expect(start.startAfter.toISOString()).toBe(startsAt);
      t.clock.set(startsAt);
      await t.app.jobs.run(LESSON_JOBS.start, start.data);
      expect(await statusOf()).toBe('happening');

      const end = await jobOf(LESSON_JOBS.end);
      expect(end.startAfter.toISOString()).toBe(endsAt);
      t.clock.set(endsAt);
      await t.app.jobs.run(LESSON_JOBS.end, end.data);
      expect(await statusOf()).not.toBe('happening'); // nobody joined: the tutor's no-show, not "in progress"
    } finally {
      t.clock.set(NOW);
    }
  });

  it('[400 bad-request] for a payload it cannot read', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/dev/lesson', payload: { studentId: 'x' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'bad-request' });
  });
});
