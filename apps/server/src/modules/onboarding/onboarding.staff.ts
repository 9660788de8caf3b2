import { offsetOf, type Page } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type ActivationInput,
  currentStep,
  type IntroVideo,
  type IntroVideoListQuery,
  introVideoReapplyAt,
  type ReviewIntroVideoInput,
  type StudioTutor,
  type StudioTutorsQuery,
} from '@darsak/domain/interviews';
import { type Gender, Role, type TutorMeta } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { OnboardingRecords } from './onboarding.records.ts';
import type { IntroVideoRow } from './onboarding.repo.ts';
import * as repo from './onboarding.repo.ts';
import type { OnboardingDeps } from './onboarding.service.ts';

type StaffDeps = Pick<OnboardingDeps, 'db' | 'clock' | 'users' | 'audit' | 'tutorChanges' | 'uploadUrl'>;

/**
 * The steps staff close: the review of intro videos (which a tutor lists too, their own), the studio's photo
 * session and its lists, and the tutor's activation, by the last step or by an admin's hand.
 */
export function createStaffOnboardingService(deps: StaffDeps, records: OnboardingRecords) {
  const { db, clock } = deps;
  const { introVideoView, stepsOf, notify, announce } = records;

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
  };
}
