import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancelReason, type LessonStatus, lessonSessionStatus } from '@darsak/domain/lessons';
import { SessionStatus } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Schema } from '../../platform/db/client.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from '../../platform/db/migrate.ts';
import { sessions } from '../sessions/sessions.table.ts';
import { students, tutors, users } from '../users/users.table.ts';
import { lessons } from './lessons.table.ts';

// The upgrade that gave admins their own cancellation and made a lesson's call follow its outcome leaves the rows
// written before it as the code now writes them.
const UPGRADE = 'lesson_session_outcome';

/** The committed migrations before the upgrade, in a scratch folder: a database as it was before it. */
function migrationsBeforeUpgrade(): string {
  const folder = mkdtempSync(join(tmpdir(), 'darsak-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upgrade = journal.entries.findIndex((entry) => entry.tag.endsWith(UPGRADE));
  expect(upgrade).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upgrade) }));
  return folder;
}

let database: Database;
let before: string;
beforeAll(async () => {
  before = migrationsBeforeUpgrade();
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: before });
  // Every migration from the first, not the suite's migrated snapshot: on a busy machine that passes a minute.
}, 180_000);
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

let people = 0;
async function person(role: number) {
  people += 1;
  const [user] = await database.db
    .insert(users)
    .values({ role, name: `person ${people}`, email: `person${people}@example.com` })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  if (role === Role.tutor) await database.db.insert(tutors).values({ userId: user.id });
  if (role === Role.student) await database.db.insert(students).values({ userId: user.id });
  return user.id;
}

const START = new Date('2025-03-02T08:00:00Z');
const ENDS = new Date('2025-03-02T08:30:00Z');
const ENDED = new Date('2025-03-02T08:31:00Z');
const CANCELLED = new Date('2025-03-02T08:10:00Z');

/** A lesson as the code before the upgrade wrote it, with an open call (status 1, not ended). */
async function lessonWithCall(values: {
  status: LessonStatus;
  cancelReason?: string;
  cancelledBy?: number;
  studentJoinedAt?: Date;
  endedAt?: Date;
}) {
  const cancelled = values.status.startsWith('cancelled');
  // the columns of the time, by name: the table's later columns are not there yet
  const { rows } = (await database.db.execute(sql`
    insert into lessons (student_id, tutor_id, starts_at, ends_at, duration_minutes, price_piastres, status,
      cancelled_at, cancel_reason, cancelled_by, student_joined_at, ended_at)
    values (${await person(Role.student)}, ${await person(Role.tutor)}, ${START}, ${ENDS}, 30, 7500, ${values.status},
      ${cancelled ? CANCELLED : null}, ${values.cancelReason ?? null}, ${values.cancelledBy ?? null},
      ${values.studentJoinedAt ?? null}, ${values.endedAt ?? null})
    returning id`)) as unknown as { rows: { id: number }[] };
  const lesson = rows[0];
  if (!lesson) throw new Error('no lesson');
  await database.db.insert(sessions).values({ type: 'lesson', lessonId: lesson.id });
  return lesson.id;
}

describe('the lesson outcome upgrade', () => {
  it("turns an admin's cancellation stored as the tutor's into the admin's, and settles ended lessons' calls", async () => {
    const adminId = await person(Role.admin);
    const byAdmin = await lessonWithCall({ status: 'cancelledByTutor', cancelReason: 'staff', cancelledBy: adminId });
    const held = await lessonWithCall({ status: 'fulfilled', studentJoinedAt: START, endedAt: ENDED });
    const studentAbsent = await lessonWithCall({ status: 'fulfilled', endedAt: ENDED });
    const byStudent = await lessonWithCall({ status: 'cancelledByStudent', cancelReason: CancelReason.rebooked });
    const tutorAbsent = await lessonWithCall({
      status: 'cancelledByTutor',
      cancelReason: CancelReason.tutorDidNotAttend,
      endedAt: ENDED,
    });
    const happening = await lessonWithCall({ status: 'happening', studentJoinedAt: START });

    await applyMigrations(database);

    const rows = await database.db
      .select({ lesson: lessons, session: sessions })
      .from(lessons)
      .innerJoin(sessions, eq(sessions.lessonId, lessons.id))
      .orderBy(asc(lessons.id));
    const of = (id: number) => rows.find((r) => r.lesson.id === id);
    expect(of(byAdmin)?.lesson).toMatchObject({ status: 'cancelledByAdmin', cancelReason: null, cancelledBy: adminId });
    expect(of(tutorAbsent)?.lesson).toMatchObject({ status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' });
    const settled = (id: number) => ({ status: of(id)?.session.status, endedAt: of(id)?.session.endedAt });
    expect(settled(byAdmin)).toEqual({ status: SessionStatus.canceledByAdmin, endedAt: CANCELLED });
    expect(settled(held)).toEqual({ status: SessionStatus.passed, endedAt: ENDED });
    expect(settled(studentAbsent)).toEqual({ status: SessionStatus.rejected, endedAt: ENDED });
    expect(settled(byStudent)).toEqual({ status: SessionStatus.rejected, endedAt: CANCELLED });
    expect(settled(tutorAbsent)).toEqual({ status: SessionStatus.canceledByTutor, endedAt: ENDED });
    expect(settled(happening)).toEqual({ status: SessionStatus.pending, endedAt: null });
    // The SQL of the upgrade and the domain's one mapping agree on every row.
    for (const { lesson, session } of rows) expect(session.status).toBe(lessonSessionStatus(lesson));
  });
});
