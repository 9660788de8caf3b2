import { AppError } from '@darsak/domain/errors';
import {
  type DemoSession,
  type Interview,
  type IntroVideo,
  introVideoReapplyAt,
  type OnboardingStep,
  onboardingSteps,
} from '@darsak/domain/interviews';
import { sessionOpensAt } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type OnboardingNoticeKind, onboardingNotice } from './onboarding.messages.ts';
import type { AppointmentKind, AppointmentRow, IntroVideoRow, PersonRow } from './onboarding.repo.ts';
import * as repo from './onboarding.repo.ts';
import type { OnboardingDeps } from './onboarding.service.ts';

/** The jobs a booking enlists in its transaction (onboarding.jobs.ts runs them). */
export const ONBOARDING_JOBS = {
  reminder: 'onboarding-reminder',
  noShow: 'onboarding-no-show',
} as const;

type RecordsDeps = Pick<
  OnboardingDeps,
  'users' | 'outbox' | 'notifications' | 'realtime' | 'uploadUrl' | 'sessionOpensMinutesBefore'
>;

/**
 * What every onboarding service shares about an applicant: their steps as the database holds them now, how their
 * intro video and appointments are shown (and to whom), and how a step's change is told: a notice in the caller's
 * transaction, then the realtime news after the commit.
 */
export function createOnboardingRecords(deps: RecordsDeps) {
  const personOf = (people: Map<number, PersonRow>, id: number) => {
    const person = people.get(id);
    return { id, name: person?.name ?? '', image: person?.image ? deps.uploadUrl(person.image) : null };
  };

  const introVideoView = (row: IntroVideoRow, people: Map<number, PersonRow>): IntroVideo => ({
    id: row.id,
    tutor: personOf(people, row.tutorId),
    url: deps.uploadUrl(row.assetName),
    mimeType: row.mimeType,
    durationSeconds: row.durationSeconds,
    status: row.status,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reapplyAt: row.status === 'rejected' ? introVideoReapplyAt(row.reviewedAt ?? row.createdAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  });

  async function appointmentViews<K extends AppointmentKind>(tx: Db, kind: K, rows: AppointmentRow[]) {
    const people = await repo.peopleByIds(
      tx,
      rows.flatMap((r) => [r.applicantId, r.managerId]),
    );
    const videos = await repo.latestIntroVideosOf(
      tx,
      rows.map((r) => r.applicantId),
    );
    const videoUrl = (applicantId: number) => {
      const video = videos.get(applicantId);
      return video ? deps.uploadUrl(video.assetName) : null;
    };
    const opensMinutesBefore = await deps.sessionOpensMinutesBefore(tx);
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      joinOpensAt: sessionOpensAt(row.startsAt, opensMinutesBefore).toISOString(),
      applicant: personOf(people, row.applicantId),
      manager: personOf(people, row.managerId),
      introVideoUrl: videoUrl(row.applicantId),
      feedback: row.feedback,
      note: row.note,
      ...(kind === 'interview' ? { level: row.level } : {}),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      cancelledBy: row.cancelledBy,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancelReason: row.cancelReason,
      createdAt: row.createdAt.toISOString(),
    })) as (K extends 'interview' ? Interview : DemoSession)[];
  }

  /** The manager's notes are staff's own: the applicant sees the feedback, never the notes. */
  const seenBy = <V extends Interview | DemoSession>(user: AuthUser, view: V): V =>
    view.applicant.id === user.id ? { ...view, note: null } : view;

  async function appointmentView<K extends AppointmentKind>(tx: Db, kind: K, row: AppointmentRow) {
    const [view] = await appointmentViews(tx, kind, [row]);
    if (!view) throw new Error('no view');
    return view;
  }

  /** The applicant's steps from what the database holds now (inside the caller's transaction when given). */
  async function stepsOf(tx: Db, tutorId: number, lock?: 'update') {
    const tutor = await repo.findTutorRow(tx, tutorId, lock);
    if (!tutor || tutor.role !== Role.tutor) throw new AppError('tutor-not-found');
    const [introVideo, interview, demoSession, photoSession] = await Promise.all([
      repo.latestIntroVideo(tx, tutorId),
      repo.latestAppointment(tx, 'interview', tutorId),
      repo.latestAppointment(tx, 'demoSession', tutorId),
      repo.latestPhotoSession(tx, tutorId),
    ]);
    const steps = onboardingSteps({
      profileComplete: tutor.profileCompletedAt !== null,
      activated: tutor.activated,
      bypassOnboarding: tutor.bypassOnboarding,
      introVideo,
      interview: interview && { ...interview, decidedAt: interview.decidedAt },
      demoSession,
      photoSession,
    });
    return { tutor, steps, introVideo, interview, demoSession };
  }

  /** Writes a notice to one person by their notification method (after commit the dispatcher sends it). */
  async function notify(tx: Db, userId: number, notice: OnboardingNoticeKind, once?: string) {
    const user = await deps.users.findById(tx, userId);
    if (!user) return;
    await deps.notifications.send(tx, userId, 'requestUpdate', onboardingNotice(notice, user.gender), {
      template: `onboarding-${notice.kind}`,
      dedupeKey: once,
    });
  }

  /** After a commit: the message leaves, and the applicant, the manager and staff lists follow at once. */
  function announce(tutorId: number, step: OnboardingStep, alsoTo: number[] = []) {
    deps.outbox.kick();
    const payload = { tutorId, step: step as Exclude<OnboardingStep, 'profile'> };
    for (const userId of [tutorId, ...alsoTo]) deps.realtime.toUser(userId, 'onboarding:changed', payload);
    deps.realtime.toChannel('onboarding', 'onboarding:changed', payload);
  }

  return { personOf, introVideoView, appointmentViews, appointmentView, seenBy, stepsOf, notify, announce };
}

export type OnboardingRecords = ReturnType<typeof createOnboardingRecords>;
