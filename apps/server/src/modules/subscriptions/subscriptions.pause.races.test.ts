import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudentWithMinutes } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { codeForDbError } from '../../platform/http/db-errors.ts';
import { subscriptionPauses, subscriptions } from './subscriptions.table.ts';

// A pause cannot be taken twice in a period, whatever the timing: the subscription's row lock orders the requests,
// and the database's unique and exclusion constraints stop what would slip past the code.
const NOW = '2025-03-03T10:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(() => t.close());

const pausesOf = (subscriptionId: number) =>
  t.database.db.select().from(subscriptionPauses).where(eq(subscriptionPauses.subscriptionId, subscriptionId));

describe('concurrent pauses', () => {
  it('ten requests at once from her two phones: one pause, nine refused, the end moved once', async () => {
    const student = await createStudentWithMinutes(t);
    const starts = ['2025-03-03', '2025-03-05', '2025-03-10', '2025-03-12', '2025-03-17'];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        injectAs(t.app, student.token, {
          method: 'POST',
          url: '/api/v1/sub/pause',
          payload: { weeks: 1 + (i % 3), startDate: starts[i % starts.length] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'pause-taken')).toBe(true);
    const [pause] = await pausesOf(student.subscriptionId);
    expect(await pausesOf(student.subscriptionId)).toHaveLength(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, student.subscriptionId));
    const weeks = pause?.weeks ?? 0;
    expect(row?.endsAt.getTime()).toBe(new Date('2025-03-31T04:00:00Z').getTime() + weeks * 7 * 86_400_000);
    console.info(`10 concurrent pauses (${t.database.kind}): ${JSON.stringify(statuses)}`);
  }, 60_000);

  it('the database itself refuses a second pause in a period and an overlapping one', async () => {
    const student = await createStudentWithMinutes(t);
    const other = await createStudentWithMinutes(t, { startsAt: new Date('2025-02-01T10:00:00Z') });
    const pause = (subscriptionId: number, startsAt: string, endsAt: string) =>
      t.database.db
        .insert(subscriptionPauses)
        .values({
          subscriptionId,
          studentId: student.id,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          weeks: 1,
        })
        .then(() => 'inserted', codeForDbError);
    expect(await pause(student.subscriptionId, '2025-03-04T10:00:00Z', '2025-03-11T10:00:00Z')).toBe('inserted');
    expect(await pause(student.subscriptionId, '2025-03-20T10:00:00Z', '2025-03-27T10:00:00Z')).toBe('pause-taken');
    // Another period's pause of hers may not overlap it either (its subscription borrowed for the row).
    expect(await pause(other.subscriptionId, '2025-03-08T10:00:00Z', '2025-03-15T10:00:00Z')).toBe('pause-taken');
    expect(await pause(other.subscriptionId, '2025-03-12T10:00:00Z', '2025-03-12T10:00:00Z')).toBe('bad-request');
  });
});
