import { MS_PER_MINUTE } from '@darsak/domain/common';
import { INTERVIEW_MINUTES } from '@darsak/domain/interviews';
import { demoSessions, interviews } from '../src/modules/onboarding/onboarding.table.ts';
import type { TestApp } from './build-test-app.ts';
import { createApplicant, uploadIntroVideo } from './onboarding-fixtures.ts';

/** A pending interview or demo session written straight to its table (the harnesses address existing ones). */
export async function insertAppointment(
  t: TestApp,
  kind: 'interview' | 'demoSession',
  input: { applicantId: number; managerId: number; startsAt: string },
): Promise<number> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(startsAt.getTime() + INTERVIEW_MINUTES * MS_PER_MINUTE);
  const [row] =
    kind === 'interview'
      ? await t.database.db
          .insert(interviews)
          .values({ intervieweeId: input.applicantId, interviewerId: input.managerId, startsAt, endsAt })
          .returning({ id: interviews.id })
      : await t.database.db
          .insert(demoSessions)
          .values({ tutorId: input.applicantId, managerId: input.managerId, startsAt, endsAt })
          .returning({ id: demoSessions.id });
  if (!row) throw new Error('appointment insert returned nothing');
  return row.id;
}

/** A new applicant's intro video waiting for review, sent through the API. */
export async function pendingIntroVideo(t: TestApp): Promise<number> {
  const applicant = await createApplicant(t);
  const response = await uploadIntroVideo(t, applicant, 90);
  if (response.statusCode !== 201) throw new Error(`intro video: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}
