import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_WEEK } from '../../../test/booking-fixtures.ts';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { applicantReadyForInterview, createInterviewer } from '../../../test/onboarding-fixtures.ts';
import { interviews } from './onboarding.table.ts';

// Whatever the timing, one interviewer time holds one interview and one applicant holds one pending interview:
// the rows lock (applicant, then interviewer) and the constraints (EXCLUDE over the interviewer's pending
// ranges, one pending per applicant) are the last line.
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await buildTestApp({ now: '2025-01-06T07:00:00Z' });
  admin = await createActor(t, 'admin');
});
afterAll(() => t.close());

const book = (applicant: Actor, managerId: number, startsAt: string) =>
  injectAs(t.app, applicant.token, { method: 'POST', url: '/api/v1/interview', payload: { managerId, startsAt } });

const tally = (codes: string[]) =>
  Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));

describe('concurrent interview bookings', () => {
  it('20 applicants booking one interviewer time at once: exactly one interview', async () => {
    const manager = await createInterviewer(t, ALL_WEEK);
    const applicants: Actor[] = [];
    for (let i = 0; i < 20; i++) applicants.push(await applicantReadyForInterview(t, admin));

    const answers = await Promise.all(applicants.map((a) => book(a, manager.id, '2025-01-08T10:00:00Z')));

    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const codes = refused.map((a) => a.json().code as string);
    expect(refused.every((a) => a.statusCode === 409)).toBe(true);
    expect(codes.every((c) => c === 'busy-tutor-manager')).toBe(true);
    console.info(`20 applicants, one interviewer time (${t.database.kind}): 1 × 201, ${JSON.stringify(tally(codes))}`);
    const held = await t.database.db
      .select()
      .from(interviews)
      .where(and(eq(interviews.interviewerId, manager.id), eq(interviews.status, 1)));
    expect(held).toHaveLength(1);
  }, 120_000);

  it('one applicant firing 20 bookings at once gets one interview', async () => {
    const managers = [await createInterviewer(t, ALL_WEEK), await createInterviewer(t, ALL_WEEK)];
    const applicant = await applicantReadyForInterview(t, admin);
    const times = Array.from({ length: 20 }, (_, i) => new Date(Date.parse('2025-01-09T06:00:00Z') + i * 3_600_000));

    const answers = await Promise.all(
      times.map((at, i) => book(applicant, managers[i % 2]?.id ?? 0, at.toISOString())),
    );

    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const codes = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().code as string);
    expect(codes.every((c) => c === 'conflicting-interview')).toBe(true);
    console.info(`one applicant × 20 (${t.database.kind}): 1 × 201, ${JSON.stringify(tally(codes))}`);
    const held = await t.database.db.select().from(interviews).where(eq(interviews.intervieweeId, applicant.id));
    expect(held).toHaveLength(1);
  }, 120_000);
});
