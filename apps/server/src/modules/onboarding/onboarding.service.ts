import { INTRO_VIDEO, introVideoDurationError } from '@darsak/domain/assets';
import {
  cairoDay,
  type FreeTimesRequest,
  freeTimes,
  isInsideSlots,
  type WeeklySlot,
} from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE, offsetOf, type Page } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type ActivationInput,
  type AppointmentActor,
  type AppointmentListQuery,
  type AppointmentStatuses,
  type BookAppointmentInput,
  canBookInterview,
  currentStep,
  DEMO_SESSION_MINUTES,
  DEMO_SESSION_STATUSES,
  type DemoSession,
  type DirectUpload,
  INTERVIEW_MINUTES,
  INTERVIEW_STATUSES,
  type Interview,
  type Interviewer,
  InterviewStatus,
  type IntroVideo,
  type IntroVideoListQuery,
  type IntroVideoUploadInput,
  introVideoReapplyAt,
  isStepOpen,
  moveAppointment,
  nextInterviewAllowedAt,
  type Onboarding,
  type OnboardingStep,
  onboardingSteps,
  type ReviewIntroVideoInput,
  type StudioTutor,
  type StudioTutorsQuery,
  type UpdateDemoSessionInput,
  type UpdateInterviewInput,
} from '@darsak/domain/interviews';
import { REMINDERS } from '@darsak/domain/lessons';
import { SessionStatus, sessionOpensAt } from '@darsak/domain/sessions';
import { type Gender, isAdminRole, Role, type TutorMeta } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { IncomingFile } from '../../platform/http/uploads.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AssetsService, StoredVideo } from '../assets/assets.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { deliveryOf } from '../lessons/lessons.messages.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { TutorChanges } from '../tutors/tutors.changes.ts';
import type { UsersService } from '../users/users.service.ts';
import { type OnboardingNoticeKind, onboardingNotice } from './onboarding.messages.ts';
import type { AppointmentKind, AppointmentRow, IntroVideoRow, PersonRow } from './onboarding.repo.ts';
import * as repo from './onboarding.repo.ts';

export const ONBOARDING_JOBS = {
  reminder: 'onboarding-reminder',
  noShow: 'onboarding-no-show',
} as const;

const STATUSES: Record<AppointmentKind, AppointmentStatuses> = {
  interview: INTERVIEW_STATUSES,
  demoSession: DEMO_SESSION_STATUSES,
};
const MINUTES: Record<AppointmentKind, number> = { interview: INTERVIEW_MINUTES, demoSession: DEMO_SESSION_MINUTES };
const NOT_FOUND = { interview: 'interview-not-found', demoSession: 'demo-session-not-found' } as const;
/** How far ahead an applicant sees interviewers' free times by default, and the least notice before one. */
const SELECT_DAYS = 14;
export const MANAGER_DID_NOT_ATTEND = 'interviewerDidNotAttend';

export interface OnboardingDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById' | 'tutorMeta'>;
  audit: Pick<AuditService, 'record'>;
  assets: Pick<AssetsService, 'storeVideo' | 'videoUploadTarget' | 'storeUploadedVideo'>;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  queue: Pick<JobQueue, 'send'>;
  realtime: Pick<Realtime, 'toUser' | 'toChannel'>;
  tutorChanges: Pick<TutorChanges, 'notify'>;
  uploadUrl: (name: string) => string;
  slotsOfTutors: (db: Db, tutorIds: number[]) => Promise<Map<number, WeeklySlot[]>>;
  /** Held lessons of these users (as tutors) overlapping [from, to): a manager who also teaches is busy then. */
  heldLessonsOf: (
    db: Db,
    userIds: number[],
    from: Date,
    to: Date,
  ) => Promise<{ tutorId: number; startsAt: Date; endsAt: Date }[]>;
  /** Whether the user ever joined the live call of this appointment (the no-show rule). */
  joinedCall: (db: Db, kind: AppointmentKind, id: number, userId: number) => Promise<boolean>;
  /** Minutes after the start at which a manager who never joined counts as absent. */
  noShowGraceMinutes: () => Promise<number>;
  /** Minutes before the start from which the two may join the call (platform setting, read with the caller's db). */
  sessionOpensMinutesBefore: (db: Db) => Promise<number>;
}

type UpdateInput = UpdateInterviewInput | UpdateDemoSessionInput;

export function createOnboardingService(deps: OnboardingDeps) {
  const { db, clock } = deps;

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

  /** Refuses an intro video while one is pending or accepted, a rejected one's wait runs, or the step is locked. */
  async function assertMaySendIntroVideo(tx: Db, tutorId: number, lock?: 'update') {
    const { steps, introVideo } = await stepsOf(tx, tutorId, lock);
    if (introVideo?.status === 'pending' || introVideo?.status === 'accepted') {
      throw new AppError('intro-video-exists');
    }
    if (!isStepOpen(steps, 'introVideo')) throw new AppError('onboarding-step-locked', { step: 'profile' });
    if (introVideo?.status === 'rejected') {
      const reapplyAt = introVideoReapplyAt(introVideo.reviewedAt ?? introVideo.createdAt);
      if (clock.now() < reapplyAt) throw new AppError('intro-video-exists', { reapplyAt: reapplyAt.toISOString() });
    }
  }

  /**
   * An intro video however its bytes arrived (`store` reads them and records the file): the tutor may send one,
   * its duration is within bounds, and it becomes the pending video, all in the transaction that records the file.
   */
  async function recordIntroVideo(
    user: AuthUser,
    store: (apply: (tx: Db, video: StoredVideo) => Promise<IntroVideoRow>) => Promise<IntroVideoRow>,
  ): Promise<IntroVideo> {
    const row = await store(async (tx, video) => {
      await assertMaySendIntroVideo(tx, user.id, 'update');
      if (video.durationSeconds === undefined) throw new AppError('unreadable-video');
      const durationError = introVideoDurationError(video.durationSeconds);
      if (durationError) throw new AppError(durationError, { seconds: Math.round(video.durationSeconds) });
      return repo.insertIntroVideo(tx, {
        tutorId: user.id,
        assetId: video.assetId,
        durationSeconds: Math.round(video.durationSeconds),
      });
    });
    announce(user.id, 'introVideo');
    return introVideoView(row, await repo.peopleByIds(db, [user.id]));
  }

  /** Writes a notice to one person by their notification method (after commit the dispatcher sends it). */
  async function notify(tx: Db, userId: number, notice: OnboardingNoticeKind, once?: string) {
    const user = await deps.users.findById(tx, userId);
    if (!user) return;
    const { subject, text } = onboardingNotice(notice, user.gender);
    const { channel, to } = deliveryOf(user);
    await deps.outbox.enqueue(tx, {
      channel,
      to,
      userId,
      subject: channel === 'email' ? subject : undefined,
      text,
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

  async function scheduleJobs(tx: Db, kind: AppointmentKind, row: AppointmentRow, noShowGraceMinutes: number) {
    const now = clock.now().getTime();
    for (const { key, minutesBefore } of REMINDERS) {
      const at = row.startsAt.getTime() - minutesBefore * MS_PER_MINUTE;
      if (at <= now) continue;
      await deps.queue.send(
        ONBOARDING_JOBS.reminder,
        { kind, id: row.id, reminder: key },
        { tx, startAfter: new Date(at), singletonKey: `${ONBOARDING_JOBS.reminder}:${kind}:${row.id}:${key}` },
      );
    }
    const noShowAt = new Date(row.startsAt.getTime() + noShowGraceMinutes * MS_PER_MINUTE);
    await deps.queue.send(
      ONBOARDING_JOBS.noShow,
      { kind, id: row.id },
      { tx, startAfter: noShowAt, singletonKey: `${ONBOARDING_JOBS.noShow}:${kind}:${row.id}` },
    );
  }

  /** Refuses a manager who cannot take this time: not an active interviewer, outside their week, or busy. */
  async function assertManagerFree(tx: Db, managerId: number, startsAt: Date, endsAt: Date) {
    const manager = await repo.findTutorRow(tx, managerId, 'update');
    if (!manager && !(await deps.users.findById(tx, managerId))) throw new AppError('user-not-found');
    if (!manager || manager.role !== Role.tutorManager || manager.disabledAt !== null || !manager.activated) {
      throw new AppError('inactive-tutor-manager');
    }
    const slots = (await deps.slotsOfTutors(tx, [managerId])).get(managerId) ?? [];
    if (!isInsideSlots(slots, { start: startsAt.getTime(), end: endsAt.getTime() })) {
      throw new AppError('busy-tutor-manager', { reason: 'outside-slots' });
    }
    const busy = [
      ...(await repo.pendingOfManagers(tx, [managerId], startsAt, endsAt)),
      ...(await deps.heldLessonsOf(tx, [managerId], startsAt, endsAt)),
    ];
    if (busy.length > 0) throw new AppError('busy-tutor-manager', { reason: 'booked' });
  }

  /** The rules of the applicant's side before a booking, in the order they can act on them. */
  async function assertApplicantMayBook(tx: Db, kind: AppointmentKind, applicantId: number, now: Date) {
    const { steps, interview, demoSession } = await stepsOf(tx, applicantId, 'update');
    if (kind === 'interview') {
      if (!isStepOpen(steps, 'interview')) throw new AppError('onboarding-step-locked', { step: 'introVideo' });
      if (interview?.status === InterviewStatus.pending) throw new AppError('conflicting-interview');
      const last = await repo.latestDecidedInterview(tx, applicantId);
      const lastHeld = last && { status: last.status as InterviewStatus, startsAt: last.startsAt };
      if (!canBookInterview(lastHeld, now)) {
        throw new AppError('conflicting-interview', { allowedAt: lastHeld && nextInterviewAllowedAt(lastHeld) });
      }
      return undefined;
    }
    if (!isStepOpen(steps, 'demoSession')) throw new AppError('onboarding-step-locked', { step: 'interview' });
    if (demoSession && [SessionStatus.pending, SessionStatus.passed].includes(demoSession.status as 1 | 2)) {
      throw new AppError('demo-session-exists');
    }
    return interview?.id;
  }

  async function book(kind: AppointmentKind, actor: AuthUser, input: BookAppointmentInput) {
    const now = clock.now();
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(startsAt.getTime() + MINUTES[kind] * MS_PER_MINUTE);
    // Read before the transaction: a settings miss reads the pool, which inside it would wait on the transaction.
    const grace = await deps.noShowGraceMinutes();
    const row = await db.transaction(async (tx) => {
      // The applicant's row first, then the manager's: one applicant's or one manager's bookings queue.
      const interviewId = await assertApplicantMayBook(tx, kind, actor.id, now);
      if (startsAt.getTime() <= now.getTime()) throw new AppError('appointment-time-passed');
      await assertManagerFree(tx, input.managerId, startsAt, endsAt);
      const created = await repo.insertAppointment(tx, kind, {
        applicantId: actor.id,
        managerId: input.managerId,
        startsAt,
        endsAt,
        ...(interviewId === undefined ? {} : { interviewId }),
      });
      await scheduleJobs(tx, kind, created, grace);
      const people = await repo.peopleByIds(tx, [actor.id, input.managerId]);
      const about = { appointment: kind, startsAt } as const;
      await notify(tx, actor.id, { kind: 'booked', ...about, other: personOf(people, input.managerId).name });
      await notify(tx, input.managerId, { kind: 'booked', ...about, other: personOf(people, actor.id).name });
      return created;
    });
    announce(actor.id, kind, [row.managerId]);
    return appointmentView(db, kind, row);
  }

  const actorOf = (user: AuthUser, row: AppointmentRow): AppointmentActor | undefined => {
    if (row.applicantId === user.id) return 'applicant';
    if (row.managerId === user.id) return 'manager';
    return isAdminRole(user.role) ? 'admin' : undefined;
  };

  /** The manager (or an admin) keeps notes while the appointment is pending; the decision carries them on. */
  async function keepNotes(kind: AppointmentKind, user: AuthUser, id: number, note: string) {
    const row = await db.transaction(async (tx) => {
      const found = await repo.findAppointment(tx, kind, id, 'update');
      if (!found) throw new AppError(NOT_FOUND[kind]);
      const actor = actorOf(user, found);
      if (!actor || actor === 'applicant') throw new AppError('forbidden');
      if (found.status !== STATUSES[kind].pending) throw new AppError('already-decided');
      await repo.updateAppointment(tx, kind, id, { note: note || null, updatedAt: clock.now() });
      return (await repo.findAppointment(tx, kind, id)) as AppointmentRow;
    });
    return appointmentView(db, kind, row);
  }

  async function update(kind: AppointmentKind, user: AuthUser, input: UpdateInput) {
    if (input.action === 'notes') return keepNotes(kind, user, input.id, input.note);
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const row = await repo.findAppointment(tx, kind, input.id, 'update');
      if (!row) throw new AppError(NOT_FOUND[kind]);
      const actor = actorOf(user, row);
      if (!actor) throw new AppError('forbidden');
      const move = input.action === 'cancel' ? 'cancel' : input.outcome === 'passed' ? 'pass' : 'reject';
      const started = now.getTime() >= row.startsAt.getTime();
      const outcome = moveAppointment(STATUSES[kind], { status: row.status, actor, move, started });
      if (!outcome.ok) throw new AppError(outcome.refusal);
      const change: repo.AppointmentChange =
        input.action === 'cancel'
          ? { status: outcome.status, cancelledBy: user.id, cancelledAt: now, updatedAt: now }
          : {
              status: outcome.status,
              feedback: input.feedback ?? null,
              note: input.note ?? row.note,
              ...('level' in input ? { level: input.level } : {}),
              decidedBy: user.id,
              decidedAt: now,
              updatedAt: now,
            };
      await repo.updateAppointment(tx, kind, row.id, change);
      const updated = (await repo.findAppointment(tx, kind, row.id)) as AppointmentRow;
      await afterMove(tx, kind, updated, move, user.id);
      return updated;
    });
    announce(result.applicantId, kind, [result.managerId]);
    if (kind === 'demoSession' && result.status === SessionStatus.passed) {
      deps.realtime.toChannel('onboarding', 'onboarding:changed', {
        tutorId: result.applicantId,
        step: 'photoSession',
      });
    }
    return seenBy(user, await appointmentView(db, kind, result));
  }

  /** Tells the people concerned; a passed demo session opens the applicant's photo session. */
  async function afterMove(tx: Db, kind: AppointmentKind, row: AppointmentRow, move: string, by: number) {
    if (move === 'cancel') {
      const people = await repo.peopleByIds(tx, [row.applicantId, row.managerId]);
      const about = { kind: 'cancelled', appointment: kind, startsAt: row.startsAt } as const;
      const other = (id: number) => personOf(people, id).name;
      if (by !== row.applicantId) await notify(tx, row.applicantId, { ...about, other: other(row.managerId) });
      if (by !== row.managerId) await notify(tx, row.managerId, { ...about, other: other(row.applicantId) });
      return;
    }
    if (move === 'pass') {
      await notify(tx, row.applicantId, { kind: 'passed', appointment: kind, feedback: row.feedback });
      if (kind === 'demoSession') await repo.openPhotoSession(tx, row.applicantId, by);
      return;
    }
    const reapplyAt =
      kind === 'interview'
        ? nextInterviewAllowedAt({ status: InterviewStatus.rejected, startsAt: row.startsAt })
        : null;
    await notify(tx, row.applicantId, { kind: 'rejected', appointment: kind, feedback: row.feedback, reapplyAt });
  }

  async function list(kind: AppointmentKind, user: AuthUser, query: AppointmentListQuery) {
    const filter = isAdminRole(user.role) ? {} : { memberId: user.id };
    const { total, rows } = await repo.listAppointments(db, kind, {
      ...filter,
      when: query.when,
      now: clock.now(),
      status: query.status,
      q: query.q,
      sort: query.sort,
      managerId: query.managerId,
      limit: query.size,
      offset: offsetOf(query),
    });
    return { total, list: (await appointmentViews(db, kind, rows)).map((view) => seenBy(user, view)) };
  }

  async function get(kind: AppointmentKind, user: AuthUser, id: number) {
    const row = await repo.findAppointment(db, kind, id);
    if (!row) throw new AppError(NOT_FOUND[kind]);
    if (!actorOf(user, row)) throw new AppError('forbidden');
    return seenBy(user, await appointmentView(db, kind, row));
  }

  async function studioTutorView(tx: Db, tutorId: number): Promise<StudioTutor> {
    const [user, session] = await Promise.all([deps.users.findById(tx, tutorId), repo.latestPhotoSession(tx, tutorId)]);
    if (!user || user.role !== Role.tutor || !session) throw new AppError('tutor-not-found');
    return {
      tutor: {
        id: user.id,
        name: user.name,
        image: user.image ? deps.uploadUrl(user.image) : null,
        email: user.email,
        phone: user.phone,
        gender: user.gender as Gender | null,
      },
      meta: await deps.users.tutorMeta(tutorId),
      photoSession: {
        id: session.id,
        status: session.status,
        createdAt: session.createdAt.toISOString(),
        completedAt: session.completedAt?.toISOString() ?? null,
      },
    };
  }

  /** Activates the tutor when every step is done; answers whether it did. */
  async function activateIfComplete(tx: Db, tutorId: number): Promise<boolean> {
    const { tutor, steps } = await stepsOf(tx, tutorId);
    if (tutor.activated || currentStep(steps)?.step !== 'activated') return false;
    await repo.setTutorFlags(tx, tutorId, { activated: true });
    await notify(tx, tutorId, { kind: 'activated' });
    return true;
  }

  return {
    async status(user: AuthUser): Promise<Onboarding> {
      const { steps, introVideo, interview, demoSession } = await stepsOf(db, user.id);
      const people = await repo.peopleByIds(db, [user.id]);
      return {
        steps,
        current: currentStep(steps)?.step ?? null,
        introVideo: introVideo ? introVideoView(introVideo, people) : null,
        interview: interview ? seenBy(user, await appointmentView(db, 'interview', interview)) : null,
        demoSession: demoSession ? seenBy(user, await appointmentView(db, 'demoSession', demoSession)) : null,
      };
    },

    /**
     * POST /intro-video/with/asset: the file streams to storage while its duration is read from it; then, in one
     * transaction with the tutor row locked, the step and the duration are checked and the video recorded.
     * Any refusal removes the stored file.
     */
    async uploadIntroVideo(user: AuthUser, files: AsyncIterable<IncomingFile>): Promise<IntroVideo> {
      const owner = { ownerId: user.id, createdBy: user.id };
      return recordIntroVideo(user, (apply) => deps.assets.storeVideo(owner, files, apply));
    },

    /** Where to send a video straight to the store, once the tutor may send one (refused before any upload). */
    async introVideoUploadTarget(user: AuthUser, file: IntroVideoUploadInput): Promise<DirectUpload> {
      await assertMaySendIntroVideo(db, user.id);
      return deps.assets.videoUploadTarget(user.id, file, INTRO_VIDEO.maxBytes);
    },

    async confirmIntroVideo(user: AuthUser, key: string): Promise<IntroVideo> {
      const owner = { ownerId: user.id, createdBy: user.id };
      return recordIntroVideo(user, (apply) => deps.assets.storeUploadedVideo(owner, key, INTRO_VIDEO.maxBytes, apply));
    },

    async listIntroVideos(user: AuthUser, query: IntroVideoListQuery) {
      const tutorId = user.role === Role.tutor ? user.id : undefined;
      const { total, rows } = await repo.listIntroVideos(db, {
        tutorId,
        status: query.status,
        q: tutorId === undefined ? query.q : undefined,
        limit: query.size,
        offset: offsetOf(query),
      });
      const people = await repo.peopleByIds(
        db,
        rows.map((r) => r.tutorId),
      );
      return { total, list: rows.map((row) => introVideoView(row, people)) } satisfies Page<IntroVideo>;
    },

    async reviewIntroVideo(user: AuthUser, id: number, input: ReviewIntroVideoInput): Promise<IntroVideo> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const video = await repo.findIntroVideo(tx, id, 'update');
        if (!video) throw new AppError('intro-video-not-found');
        if (video.status !== 'pending') throw new AppError('already-decided');
        const reviewNote = input.status === 'rejected' ? input.reason : null;
        await repo.reviewIntroVideo(tx, id, { status: input.status, reviewNote, reviewedBy: user.id, reviewedAt: now });
        await notify(
          tx,
          video.tutorId,
          input.status === 'accepted'
            ? { kind: 'videoAccepted' }
            : { kind: 'videoRejected', reason: input.reason, reapplyAt: introVideoReapplyAt(now) },
        );
        return (await repo.findIntroVideo(tx, id)) as IntroVideoRow;
      });
      announce(row.tutorId, 'introVideo');
      return introVideoView(row, await repo.peopleByIds(db, [row.tutorId]));
    },

    bookInterview: (user: AuthUser, input: BookAppointmentInput) =>
      book('interview', user, input) as Promise<Interview>,
    bookDemoSession: (user: AuthUser, input: BookAppointmentInput) =>
      book('demoSession', user, input) as Promise<DemoSession>,
    updateInterview: (user: AuthUser, input: UpdateInterviewInput) =>
      update('interview', user, input) as Promise<Interview>,
    updateDemoSession: (user: AuthUser, input: UpdateDemoSessionInput) =>
      update('demoSession', user, input) as Promise<DemoSession>,
    listInterviews: (user: AuthUser, query: AppointmentListQuery) =>
      list('interview', user, query) as Promise<Page<Interview>>,
    listDemoSessions: (user: AuthUser, query: AppointmentListQuery) =>
      list('demoSession', user, query) as Promise<Page<DemoSession>>,
    getInterview: (user: AuthUser, id: number) => get('interview', user, id) as Promise<Interview>,
    getDemoSession: (user: AuthUser, id: number) => get('demoSession', user, id) as Promise<DemoSession>,

    /** GET /user/interviewer/select: active tutor managers and their free 30-minute starts over the next days. */
    async interviewerSelect(days = SELECT_DAYS): Promise<Interviewer[]> {
      const now = clock.now();
      const to = new Date(now.getTime() + days * MS_PER_DAY);
      const managers = await repo.activeManagers(db, Role.tutorManager);
      const ids = managers.map((m) => m.id);
      const [slots, appointments, lessons] = await Promise.all([
        deps.slotsOfTutors(db, ids),
        repo.pendingOfManagers(db, ids, now, to),
        deps.heldLessonsOf(db, ids, now, to),
      ]);
      const busyOf = (id: number) =>
        [...appointments.filter((a) => a.managerId === id), ...lessons.filter((l) => l.tutorId === id)].map((b) => ({
          start: b.startsAt.getTime(),
          end: b.endsAt.getTime(),
        }));
      return managers.map((manager) => {
        const request: FreeTimesRequest = {
          slots: slots.get(manager.id) ?? [],
          busy: busyOf(manager.id),
          durationMinutes: INTERVIEW_MINUTES,
          from: now.getTime() + manager.noticePeriodMinutes * MS_PER_MINUTE,
          to: to.getTime(),
        };
        return {
          interviewer: {
            id: manager.id,
            name: manager.name,
            image: manager.image ? deps.uploadUrl(manager.image) : null,
          },
          freeTimes: [...freeTimes(request)].map((span) => ({
            startsAt: new Date(span.start).toISOString(),
            endsAt: new Date(span.end).toISOString(),
          })),
        };
      });
    },

    /**
     * An interviewer added hours to their week: every applicant waiting to book an interview or a demo session is
     * told that times opened (at most once a day for each interviewer), and their onboarding page reads them again.
     */
    async interviewHoursAdded(managerId: number) {
      const manager = await repo.findTutorRow(db, managerId);
      if (manager?.role !== Role.tutorManager || manager.disabledAt !== null || !manager.activated) return;
      const now = clock.now();
      const { year, month, day } = cairoDay(now);
      const told = await db.transaction(async (tx) => {
        const applicants: { id: number; kind: AppointmentKind }[] = [];
        for (const applicant of await repo.applicantsAwaitingBooking(tx, Role.tutor)) {
          const last = applicant.kind === 'interview' && (await repo.latestDecidedInterview(tx, applicant.id));
          if (last && !canBookInterview({ status: last.status as InterviewStatus, startsAt: last.startsAt }, now)) {
            continue;
          }
          const once = `onboarding-times-opened:${applicant.id}:${managerId}:${year}-${month}-${day}`;
          await notify(tx, applicant.id, { kind: 'timesOpened', appointment: applicant.kind }, once);
          applicants.push(applicant);
        }
        return applicants;
      });
      deps.outbox.kick();
      for (const { id, kind } of told) deps.realtime.toUser(id, 'onboarding:changed', { tutorId: id, step: kind });
    },

    async studioTutors(query: StudioTutorsQuery): Promise<Page<StudioTutor>> {
      const { total, rows } = await repo.listPhotoSessions(db, {
        done: query.status === 'done',
        q: query.q,
        limit: query.size,
        offset: offsetOf(query),
      });
      const list: StudioTutor[] = [];
      for (const row of rows) list.push(await studioTutorView(db, row.tutorId));
      return { total, list };
    },

    studioTutor: (tutorId: number) => studioTutorView(db, tutorId),

    studioList: async () =>
      (await repo.usersOfRole(db, Role.studio)).map((p) => ({
        ...p,
        image: p.image ? deps.uploadUrl(p.image) : null,
      })),

    /** The studio closes the photo session once the media is in; the tutor is then activated in the same step. */
    async photoSessionDone(user: AuthUser, tutorId: number): Promise<StudioTutor> {
      const now = clock.now();
      const activated = await db.transaction(async (tx) => {
        const tutor = await repo.findTutorRow(tx, tutorId, 'update');
        const session = await repo.latestPhotoSession(tx, tutorId, 'update');
        if (!tutor || tutor.role !== Role.tutor || !session) throw new AppError('tutor-not-found');
        if (session.status === 'done' || session.status === 'cancelled') throw new AppError('already-decided');
        const missing = { image: !tutor.image, video: !tutor.video, thumbnail: !tutor.thumbnail };
        if (Object.values(missing).some(Boolean)) throw new AppError('media-incomplete', { missing });
        await repo.completePhotoSession(tx, session.id, user.id, now);
        await notify(tx, tutorId, { kind: 'photoSessionDone' });
        return activateIfComplete(tx, tutorId);
      });
      if (activated) await deps.tutorChanges.notify(tutorId);
      announce(tutorId, activated ? 'activated' : 'photoSession');
      return studioTutorView(db, tutorId);
    },

    /**
     * An admin activates or deactivates a tutor by hand, or sets the bypass flag (which also activates); the audit
     * log keeps who did it, as for the admin app's activation.
     */
    async setActivation(actor: AuthUser, tutorId: number, input: ActivationInput): Promise<TutorMeta> {
      const changed = await db.transaction(async (tx) => {
        const tutor = await repo.findTutorRow(tx, tutorId, 'update');
        if (!tutor || tutor.role !== Role.tutor) throw new AppError('tutor-not-found');
        const activated = input.activated ?? (input.bypassOnboarding ? true : tutor.activated);
        const bypassOnboarding = input.bypassOnboarding ?? tutor.bypassOnboarding;
        await repo.setTutorFlags(tx, tutorId, { ...input, activated });
        if (activated !== tutor.activated || bypassOnboarding !== tutor.bypassOnboarding) {
          const action =
            activated === tutor.activated ? 'tutor.update-terms' : activated ? 'tutor.activate' : 'tutor.deactivate';
          await deps.audit.record(tx, {
            actorId: actor.id,
            action,
            objectId: tutorId,
            subjectUserId: tutorId,
            before: { activated: tutor.activated, bypassOnboarding: tutor.bypassOnboarding },
            after: { activated, bypassOnboarding },
          });
        }
        if (activated !== tutor.activated) await notify(tx, tutorId, { kind: activated ? 'activated' : 'deactivated' });
        return activated !== tutor.activated;
      });
      if (changed) {
        await deps.tutorChanges.notify(tutorId);
        announce(tutorId, 'activated');
      }
      return deps.users.tutorMeta(tutorId);
    },

    /** A reminder goes only while the appointment is pending and ahead; the key makes a retried job quiet. */
    async remind(kind: AppointmentKind, id: number, reminder: string) {
      await db.transaction(async (tx) => {
        const row = await repo.findAppointment(tx, kind, id);
        if (!row || row.status !== STATUSES[kind].pending || row.startsAt <= clock.now()) return;
        const people = await repo.peopleByIds(tx, [row.applicantId, row.managerId]);
        const once = `${ONBOARDING_JOBS.reminder}:${kind}:${id}:${row.startsAt.toISOString()}:${reminder}`;
        const about = { kind: 'reminder', appointment: kind, startsAt: row.startsAt } as const;
        await notify(tx, row.applicantId, { ...about, other: personOf(people, row.managerId).name }, `${once}:a`);
        await notify(tx, row.managerId, { ...about, other: personOf(people, row.applicantId).name }, `${once}:m`);
      });
      deps.outbox.kick();
    },

    /**
     * After the grace minutes, an appointment whose manager never joined its call is cancelled on the manager's
     * side and marked `interviewerDidNotAttend`; the applicant may book again at once (cancelled ones do not count).
     */
    async markNoShow(kind: AppointmentKind, id: number) {
      const grace = await deps.noShowGraceMinutes();
      const marked = await db.transaction(async (tx) => {
        const row = await repo.findAppointment(tx, kind, id, 'update');
        if (!row || row.status !== STATUSES[kind].pending) return undefined;
        if (clock.now().getTime() < row.startsAt.getTime() + grace * MS_PER_MINUTE) return undefined;
        if (await deps.joinedCall(tx, kind, id, row.managerId)) return undefined;
        const now = clock.now();
        await repo.updateAppointment(tx, kind, id, {
          status: STATUSES[kind].canceledByManager,
          cancelledBy: null,
          cancelledAt: now,
          cancelReason: MANAGER_DID_NOT_ATTEND,
          updatedAt: now,
        });
        const people = await repo.peopleByIds(tx, [row.managerId]);
        await notify(
          tx,
          row.applicantId,
          {
            kind: 'managerDidNotAttend',
            appointment: kind,
            startsAt: row.startsAt,
            other: personOf(people, row.managerId).name,
          },
          `${ONBOARDING_JOBS.noShow}:${kind}:${id}`,
        );
        return row;
      });
      if (marked) announce(marked.applicantId, kind, [marked.managerId]);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
