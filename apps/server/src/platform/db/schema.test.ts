import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmptyTestDatabase, emptyDatabaseEngines } from '../../../test/test-database.ts';
import { lessons } from '../../modules/lessons/lessons.table.ts';
import { students, tutors, users } from '../../modules/users/users.table.ts';
import type { Database } from './client.ts';
import { applyMigrations } from './migrate.ts';

/** The constraint a failed statement broke, looked up through driver and ORM wrappers. */
async function violatedConstraint(statement: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; depth < 5 && current; depth++) {
      const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
      if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
        return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
      }
      current = e.cause;
    }
    throw error;
  }
  throw new Error('the statement succeeded');
}

describe.each(emptyDatabaseEngines())('initial migration on %s', (_name, openEmpty) => {
  let empty: EmptyTestDatabase;
  let database: Database;
  let counter = 0;

  beforeAll(async () => {
    empty = await openEmpty();
    database = empty.database;
    await applyMigrations(database);
  });

  afterAll(() => empty?.dispose());

  async function makeUser(role: 3 | 4) {
    counter += 1;
    const [user] = await database.db
      .insert(users)
      .values({ role, name: `user ${counter}`, email: `user${counter}@example.com` })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    if (role === 3) await database.db.insert(tutors).values({ userId: user.id });
    else await database.db.insert(students).values({ userId: user.id });
    return user.id;
  }

  const lesson = (studentId: number, tutorId: number, startsAt: string, durationMinutes: 15 | 30 = 30) => {
    const start = new Date(startsAt);
    return {
      studentId,
      tutorId,
      startsAt: start,
      endsAt: new Date(start.getTime() + durationMinutes * 60_000),
      durationMinutes,
      pricePiastres: durationMinutes * 250,
    };
  };

  it('applies, with btree_gist installed, and is idempotent', async () => {
    const result = (await database.db.execute(sql`select extname from pg_extension where extname = 'btree_gist'`)) as {
      rows: unknown[];
    };
    expect(result.rows).toHaveLength(1);
    await applyMigrations(database); // already applied: nothing to do
  });

  it('never double-books a tutor; a cancelled lesson frees the time', async () => {
    const tutor = await makeUser(3);
    const [a, b] = [await makeUser(4), await makeUser(4)];
    const [first] = await database.db
      .insert(lessons)
      .values(lesson(a, tutor, '2025-03-02T08:00:00Z'))
      .returning({ id: lessons.id });
    if (!first) throw new Error('no lesson');

    const clash = database.db.insert(lessons).values(lesson(b, tutor, '2025-03-02T08:15:00Z', 15));
    expect(await violatedConstraint(clash)).toEqual({ code: '23P01', constraint: 'lessons_tutor_no_overlap' });

    // Back-to-back is not an overlap: the ranges are [start, end).
    await database.db.insert(lessons).values(lesson(b, tutor, '2025-03-02T08:30:00Z'));
    await database.db.delete(lessons).where(eq(lessons.studentId, b));

    await database.db
      .update(lessons)
      .set({ status: 'cancelledByStudent', cancelledAt: new Date(), cancelledBy: a })
      .where(eq(lessons.id, first.id));
    await database.db.insert(lessons).values(lesson(b, tutor, '2025-03-02T08:15:00Z', 15));
  });

  it('lets a student hold one pending lesson at a time', async () => {
    const student = await makeUser(4);
    const [t1, t2] = [await makeUser(3), await makeUser(3)];
    const [first] = await database.db
      .insert(lessons)
      .values(lesson(student, t1, '2025-03-03T08:00:00Z'))
      .returning({ id: lessons.id });
    if (!first) throw new Error('no lesson');

    const second = database.db.insert(lessons).values(lesson(student, t2, '2025-03-04T08:00:00Z'));
    expect(await violatedConstraint(second)).toEqual({
      code: '23505',
      constraint: 'lessons_one_pending_per_student',
    });

    await database.db.update(lessons).set({ status: 'fulfilled' }).where(eq(lessons.id, first.id));
    await database.db.insert(lessons).values(lesson(student, t2, '2025-03-04T08:00:00Z'));
  });

  it('refuses lessons whose fields disagree, by named checks', async () => {
    const [student, tutor] = [await makeUser(4), await makeUser(3)];
    const bad = { ...lesson(student, tutor, '2025-03-05T08:00:00Z'), durationMinutes: 45 };
    expect(await violatedConstraint(database.db.insert(lessons).values(bad))).toMatchObject({
      code: '23514',
      constraint: 'lessons_duration_check',
    });
    const wrongEnd = { ...lesson(student, tutor, '2025-03-05T08:00:00Z'), durationMinutes: 15 as const };
    expect(await violatedConstraint(database.db.insert(lessons).values(wrongEnd))).toMatchObject({
      constraint: 'lessons_ends_at_check',
    });
  });
});
