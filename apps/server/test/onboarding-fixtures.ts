import type { WeeklySlot } from '@darsak/domain/availability';
import { eq } from 'drizzle-orm';
import { tutors, users } from '../src/modules/users/users.table.ts';
import { verify } from './booking-fixtures.ts';
import { injectAs, type TestApp } from './build-test-app.ts';
import { type Actor, createActor } from './harness/actors.ts';
import { multipartRequest } from './harness/multipart.ts';
import { introVideoPart } from './harness/video.ts';

// The people of tutor onboarding: applicants at a chosen step, and interviewers (tutor managers) with a week.

/** A new tutor with verified contacts whose profile is complete (the first step done). */
export async function createApplicant(t: TestApp, options: { profileComplete?: boolean } = {}): Promise<Actor> {
  const applicant = await createActor(t, 'tutor');
  await verify(t, applicant);
  if (options.profileComplete !== false) {
    await t.database.db.update(users).set({ profileCompletedAt: t.clock.now() }).where(eq(users.id, applicant.id));
  }
  return applicant;
}

/** An active tutor manager with this weekly schedule (set through the API, as a tutor's). */
export async function createInterviewer(t: TestApp, slots: WeeklySlot[]): Promise<Actor> {
  const manager = await createActor(t, 'tutorManager');
  await verify(t, manager);
  await t.database.db
    .update(tutors)
    .set({ activated: true, noticePeriodMinutes: 0 })
    .where(eq(tutors.userId, manager.id));
  const response = await injectAs(t.app, manager.token, {
    method: 'POST',
    url: '/api/v1/availability-slot/',
    payload: { slots },
  });
  if (response.statusCode !== 200) throw new Error(`slots: ${response.statusCode} ${response.body}`);
  return manager;
}

export const uploadIntroVideo = (t: TestApp, applicant: Actor, seconds: number) =>
  injectAs(t.app, applicant.token, {
    method: 'POST',
    url: '/api/v1/intro-video/with/asset',
    ...multipartRequest({ video: introVideoPart(seconds) }),
  });

/** An applicant whose intro video an admin accepted: the interview step is open. */
export async function applicantReadyForInterview(t: TestApp, reviewer: Actor): Promise<Actor> {
  const applicant = await createApplicant(t);
  const uploaded = await uploadIntroVideo(t, applicant, 90);
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const reviewed = await injectAs(t.app, reviewer.token, {
    method: 'PUT',
    url: `/api/v1/intro-video/${uploaded.json().id}`,
    payload: { status: 'accepted' },
  });
  if (reviewed.statusCode !== 200) throw new Error(`review: ${reviewed.statusCode} ${reviewed.body}`);
  return applicant;
}
