import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import type { Actor } from '../../../test/harness/actors.ts';
import { codeForDbError } from '../../platform/http/db-errors.ts';
import { lessons } from './lessons.table.ts';

// The database is the last line of defence: whatever the timing, one tutor time holds one lesson and one
// student holds one pending lesson, and nobody else's minutes move. (Fifty accounts take a while to set up.)
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
});
afterAll(() => t.close());

const book = (student: Actor, tutorId: number, startsAt: string) =>
  injectAs(t.app, student.token, {
    method: 'POST',
    url: '/api/v1/lesson/',
    payload: { tutorId, startsAt, durationMinutes: 30 },
  });

const remaining = async (student: Actor) =>
  (await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/user/student/stats/personalized' })).json()
    .remainingWeeklyMinutes as number;

const tally = (codes: string[]) =>
  Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));

describe('concurrent bookings', () => {
  it('50 students booking the same tutor time at once: exactly one lesson, 49 refused, no one else charged', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const students: Actor[] = [];
    for (let i = 0; i < 50; i++) students.push(await createStudentWithMinutes(t, { weeklyMinutes: 60 }));

    const answers = await Promise.all(students.map((s) => book(s, tutor.id, '2025-01-08T10:00:00Z')));

    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(created).toHaveLength(1);
    expect(refused.every((a) => a.statusCode === 409)).toBe(true);
    const codes = refused.map((a) => a.json().code as string);
    // Whether a loser saw the winner's lesson or lost at the constraint, the tutor was taken (not its own conflict).
    expect(codes.every((c) => c === 'busy-tutor')).toBe(true);
    console.info(`50 concurrent bookings of one time (${t.database.kind}): 1 × 201, ${JSON.stringify(tally(codes))}`);

    const held = await t.database.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.tutorId, tutor.id), inArray(lessons.status, ['pending', 'happening'])));
    expect(held).toHaveLength(1);
    const winner = held[0]?.studentId;
    for (const student of students) expect(await remaining(student)).toBe(student.id === winner ? 30 : 60);
  }, 120_000);

  it('a booking PostgreSQL ended to break a deadlock runs again, and the student gets the lesson', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 60 });
    // What two bookings of one time waiting on each other's new lesson get from PostgreSQL, one of them.
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const db = t.database.db;
    const run = db.transaction.bind(db);
    let ended = false;
    // The booking's own first transaction, not one of the outbox's that may start meanwhile.
    const transaction = vi.spyOn(db, 'transaction').mockImplementation((work, config) => {
      if (ended || !new Error().stack?.includes('lessons.booking.ts')) return run(work, config);
      ended = true;
      return Promise.reject(deadlock);
    });
    try {
      const answer = await book(student, tutor.id, '2025-01-09T10:00:00Z');
      expect(answer.statusCode, answer.body).toBe(201);
      expect(ended).toBe(true);
    } finally {
      transaction.mockRestore();
    }
    expect(await remaining(student)).toBe(30);
  });

  it('maps a lost race at the tutor’s time to busy-tutor and at the student’s own time to conflicting-lessons', () => {
    const violation = (constraint: string) =>
      Object.assign(new Error('exclusion violation'), { cause: { code: '23P01', constraint } });
    expect(codeForDbError(violation('lessons_tutor_no_overlap'))).toBe('busy-tutor');
    expect(codeForDbError(violation('lessons_student_no_overlap'))).toBe('conflicting-lessons');
  });

  it('one student firing 20 bookings at once gets one lesson', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 230 });
    const times = Array.from({ length: 20 }, (_, i) => new Date(Date.parse('2025-01-09T06:00:00Z') + i * 3_600_000));

    const answers = await Promise.all(times.map((at) => book(student, tutor.id, at.toISOString())));

    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const codes = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().code as string);
    expect(codes).toEqual(Array(19).fill('reached-booking-limit'));
    console.info(
      `20 concurrent bookings of one student (${t.database.kind}): 1 × 201, ${JSON.stringify(tally(codes))}`,
    );
    const own = await t.database.db.select().from(lessons).where(eq(lessons.studentId, student.id));
    expect(own).toHaveLength(1);
    expect(await remaining(student)).toBe(200);
  }, 60_000);
});
