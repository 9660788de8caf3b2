import type { AuditEntry } from '@darsak/domain/audit';
import type { LessonRecord, LessonView } from '@darsak/domain/lessons';
import { SessionStatus } from '@darsak/domain/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK, createStudentWithMinutes, createTutor } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { insertLesson } from '../../../test/lesson-rows.ts';
import { outboxMessages } from '../outbox/outbox.table.ts';
import { sessionEvents, sessions } from '../sessions/sessions.table.ts';
import { users } from '../users/users.table.ts';

// Wednesday 4 March 2026, 10:00 in Cairo.
const NOW = '2026-03-04T08:00:00.000Z';
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const get = (actor: Actor, url: string) => injectAs(t.app, actor.token, { method: 'GET', url });
const rename = (actor: Actor, name: string) => t.database.db.update(users).set({ name }).where(eq(users.id, actor.id));

describe('GET /api/v1/lesson/staff/list', () => {
  it('filters every lesson by status, Cairo days, tutor, student and name, sorted and paged', async () => {
    const [tutor, otherTutor] = [await createActor(t, 'tutor'), await createActor(t, 'tutor')];
    const [student, otherStudent] = [await createActor(t, 'student'), await createActor(t, 'student')];
    await rename(otherTutor, 'مريم فاروق');
    const early = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: at('2026-03-01T09:00:00Z'),
      status: 'fulfilled',
    });
    // 23:30 in Cairo on 1 March is 21:30 UTC: still the 1st for a Cairo day filter.
    const late = await insertLesson(t, {
      tutorId: otherTutor.id,
      studentId: student.id,
      startsAt: at('2026-03-01T21:30:00Z'),
      status: 'cancelledByStudent',
    });
    const next = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: otherStudent.id,
      startsAt: at('2026-03-05T09:00:00Z'),
    });
    const ids = async (query: string) =>
      ((await get(admin, `/api/v1/lesson/staff/list?${query}&size=100`)).json().list as LessonView[])
        .map((l) => l.id)
        .filter((id) => [early.id, late.id, next.id].includes(id));

    expect(await ids(`tutorId=${tutor.id}`)).toEqual([next.id, early.id]);
    expect(await ids(`tutorId=${tutor.id}&sort=earliest`)).toEqual([early.id, next.id]);
    expect(await ids(`studentId=${student.id}`)).toEqual([late.id, early.id]);
    expect(await ids('status=cancelledByStudent')).toEqual([late.id]);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([late.id, early.id]);
    expect(await ids('from=2026-03-02')).toEqual([next.id]);
    expect(await ids(`q=${encodeURIComponent('مريم')}`)).toEqual([late.id]);
    expect(await ids(`q=${next.id}`)).toEqual([next.id]);

    const page = (await get(admin, `/api/v1/lesson/staff/list?tutorId=${tutor.id}&size=1&page=2`)).json();
    expect(page.total).toBe(2);
    expect(page.list.map((l: LessonView) => l.id)).toEqual([early.id]);
  });

  it('is for admins only', async () => {
    const manager = await createActor(t, 'tutorManager');
    expect((await get(manager, '/api/v1/lesson/staff/list')).json().code).toBe('forbidden');
  });
});

describe('GET /api/v1/lesson/:id/record', () => {
  it("tells who was in the lesson's room, when, and for how long", async () => {
    const [tutor, student] = [await createActor(t, 'tutor'), await createActor(t, 'student')];
    const lesson = await insertLesson(t, {
      tutorId: tutor.id,
      studentId: student.id,
      startsAt: at('2026-03-03T08:00:00Z'),
      status: 'fulfilled',
    });
    const db = t.database.db;
    const [call] = await db.insert(sessions).values({ type: 'lesson', lessonId: lesson.id }).returning();
    if (!call) throw new Error('no call');
    const event = (userId: number, kind: 'join' | 'leave' | 'drop' | 'reconnect', iso: string) => ({
      sessionId: call.id,
      userId,
      kind,
      at: at(iso),
    });
    await db.insert(sessionEvents).values([
      event(tutor.id, 'join', '2026-03-03T08:00:00Z'),
      event(student.id, 'join', '2026-03-03T08:05:00Z'),
      event(student.id, 'drop', '2026-03-03T08:10:00Z'),
      event(student.id, 'reconnect', '2026-03-03T08:12:00Z'),
      event(student.id, 'leave', '2026-03-03T08:30:00Z'),
      // The tutor never left: counted until the lesson's end.
    ]);

    const record = (await get(admin, `/api/v1/lesson/${lesson.id}/record`)).json() as LessonRecord;
    expect(record.lesson.id).toBe(lesson.id);
    expect(record.events.map((e) => e.kind)).toEqual(['join', 'join', 'drop', 'reconnect', 'leave']);
    const of = (id: number) => record.presence.find((p) => p.userId === id);
    expect(of(student.id)).toMatchObject({
      presentSeconds: 23 * 60,
      drops: 1,
      firstJoinedAt: '2026-03-03T08:05:00.000Z',
      lastLeftAt: '2026-03-03T08:30:00.000Z',
    });
    expect(of(tutor.id)).toMatchObject({ presentSeconds: 30 * 60, drops: 0, lastLeftAt: null });
    expect(record.cancellable).toBe(false);
    expect((await get(admin, '/api/v1/lesson/999999/record')).json().code).toBe('lesson-not-found');
  });
});

describe('POST /api/v1/lesson/:id/staff-cancel', () => {
  it('cancels with a reason: both members told, the minutes back, the canceller named, audit-logged', async () => {
    const tutor = await createTutor(t, { slots: ALL_WEEK });
    const student = await createStudentWithMinutes(t, { weeklyMinutes: 30 });
    const book = () =>
      injectAs(t.app, student.token, {
        method: 'POST',
        url: '/api/v1/lesson/',
        payload: { tutorId: tutor.id, startsAt: '2026-03-04T12:00:00.000Z', durationMinutes: 30 },
      });
    const booked = await book();
    expect(booked.statusCode).toBe(201);
    const lessonId = (booked.json() as LessonView).id;
    expect((await book()).statusCode).not.toBe(201);

    const reason = 'the tutor is ill, agreed by phone';
    const cancel = () =>
      injectAs(t.app, admin.token, {
        method: 'POST',
        url: `/api/v1/lesson/${lessonId}/staff-cancel`,
        payload: { reason },
      });
    const answer = await cancel();
    expect(answer.statusCode).toBe(200);
    const record = answer.json() as LessonRecord;
    expect(record.lesson).toMatchObject({
      status: 'cancelledByAdmin',
      sessionStatus: SessionStatus.canceledByAdmin,
      cancelledBy: admin.id,
      cancelReason: null,
    });
    expect(record).toMatchObject({ cancelledByRole: 'admin', cancelledByName: 'Sara Ali', cancellable: false });

    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'lesson-cancelledByStaff'));
    expect(told.map((m) => m.userId).sort()).toEqual([tutor.id, student.id].sort());
    const audit = (await get(admin, `/api/v1/audit-log/list?objectType=lesson&objectId=${lessonId}`)).json()
      .list as AuditEntry[];
    expect(audit).toMatchObject([
      { action: 'lesson.cancel', actorId: admin.id, userId: student.id, reason, before: { status: 'pending' } },
    ]);

    // The 30 minutes are the student's again: the same booking goes through.
    expect((await book()).statusCode).toBe(201);
    const again = await cancel();
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('illegal');
  });

  it('needs a reason', async () => {
    const response = await injectAs(t.app, admin.token, {
      method: 'POST',
      url: '/api/v1/lesson/1/staff-cancel',
      payload: { reason: '' },
    });
    expect(response.json().code).toBe('bad-request');
  });
});
