import { INTRO_VIDEO, introVideoDurationError } from '@darsak/domain/assets';
import { cairoDay, type FreeTimesRequest, freeTimes, isInsideSlots } from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type BookAppointmentInput,
  canBookInterview,
  currentStep,
  DEMO_SESSION_MINUTES,
  type DemoSession,
  type DirectUpload,
  INTERVIEW_MINUTES,
  type Interview,
  type Interviewer,
  InterviewStatus,
  type IntroVideo,
  type IntroVideoUploadInput,
  introVideoReapplyAt,
  isStepOpen,
  nextInterviewAllowedAt,
  type Onboarding,
} from '@darsak/domain/interviews';
import { REMINDERS } from '@darsak/domain/lessons';
import { SessionStatus } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { IncomingFile } from '../../platform/http/uploads.ts';
import type { StoredVideo } from '../assets/assets.service.ts';
import { ONBOARDING_JOBS, type OnboardingRecords } from './onboarding.records.ts';
import type { AppointmentKind, AppointmentRow, IntroVideoRow } from './onboarding.repo.ts';
import * as repo from './onboarding.repo.ts';
import type { OnboardingDeps } from './onboarding.service.ts';

const MINUTES: Record<AppointmentKind, number> = { interview: INTERVIEW_MINUTES, demoSession: DEMO_SESSION_MINUTES };
/** How far ahead an applicant sees interviewers' free times by default, and the least notice before one. */
const SELECT_DAYS = 14;

type ApplicationDeps = Pick<
  OnboardingDeps,
  | 'db'
  | 'clock'
  | 'users'
  | 'assets'
  | 'outbox'
  | 'queue'
  | 'realtime'
  | 'uploadUrl'
  | 'slotsOfTutors'
  | 'heldLessonsOf'
  | 'noShowGraceMinutes'
>;

/**
 * The tutor's application, step by step: where they stand, their intro video, and booking an interview or a demo
 * session in an interviewer's free time (with its reminders and no-show check), and the news that times opened.
 */
export function createApplicationService(deps: ApplicationDeps, records: OnboardingRecords) {
  const { db, clock } = deps;
  const { personOf, introVideoView, appointmentView, seenBy, stepsOf, notify, announce } = records;

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

    bookInterview: (user: AuthUser, input: BookAppointmentInput) =>
      book('interview', user, input) as Promise<Interview>,
    bookDemoSession: (user: AuthUser, input: BookAppointmentInput) =>
      book('demoSession', user, input) as Promise<DemoSession>,

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
  };
}
