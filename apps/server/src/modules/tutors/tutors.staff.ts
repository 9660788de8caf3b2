import { firstFreeTime, type WeeklySlot } from '@darsak/domain/availability';
import { MS_PER_DAY, MS_PER_MINUTE, offsetOf, type Page } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { currentStep, isStepOpen, onboardingSteps } from '@darsak/domain/interviews';
import { mustBeAllowedNoticePeriod } from '@darsak/domain/lessons';
import { ratingSummaryOf } from '@darsak/domain/ratings';
import type {
  StaffTutor,
  StaffTutorDetail,
  StaffTutorListQuery,
  TutorActivationInput,
  TutorTermsInput,
} from '@darsak/domain/tutors';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { LessonFigures } from '../lessons/lessons.figures.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { StaffLessonsService } from '../lessons/lessons.staff.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import { onboardingNotice } from '../onboarding/onboarding.messages.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { TutorChanges } from './tutors.changes.ts';
import * as repo from './tutors.staff.repo.ts';

/** How far ahead "fully booked" looks (spec §7 /tutor/full-tutors). */
export const FULL_TUTORS_HORIZON_DAYS = 7;

export interface StaffTutorsDeps {
  db: Db;
  clock: Clock;
  uploadUrl: (name: string) => string;
  settings: Pick<SettingsService, 'current'>;
  slotsOfTutors: (db: Db, tutorIds: number[]) => Promise<Map<number, WeeklySlot[]>>;
  lessons: Pick<LessonsService, 'heldLessonsOfTutors'>;
  /** The admins' cancellation of one lesson (lessons module): both told, minutes back, audited as lesson.cancel. */
  cancelLesson: StaffLessonsService['cancel'];
  figures: Pick<LessonFigures, 'tutoringMinutes'>;
  users: Pick<UsersService, 'findById'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  audit: AuditRecorder;
  changes: Pick<TutorChanges, 'notify'>;
}

type Row = repo.StaffTutorRow;
type Listed = StaffTutor & { createdAtMs: number };

const BY: Record<NonNullable<StaffTutorListQuery['sort']>, (a: Listed, b: Listed) => number> = {
  newest: (a, b) => b.createdAtMs - a.createdAtMs || b.id - a.id,
  name: (a, b) => a.name.localeCompare(b.name, 'ar') || a.id - b.id,
  rating: (a, b) =>
    (b.rating.average ?? -1) - (a.rating.average ?? -1) || b.rating.count - a.rating.count || a.id - b.id,
  lessons: (a, b) => b.lessons - a.lessons || a.id - b.id,
  earnings: (a, b) => b.earningsPiastres - a.earningsPiastres || a.id - b.id,
};

const TERMS = ['ratePerMinutePiastres', 'noticePeriodMinutes', 'bypassOnboarding'] as const;

/**
 * Admins' work on tutors (issue 12 /tutors, /tutor/{id}): every tutor with their onboarding stage and figures, the
 * uncontacted and fully booked ones, and the staff changes of a tutor's terms and activation, each audit-logged in
 * its transaction and told to the tutor list (TutorChanges) after the commit.
 */
export function createStaffTutorsService(deps: StaffTutorsDeps) {
  const { db, clock, audit } = deps;

  async function stepsOf(rows: Row[], tx: Db = db) {
    const facts = await repo.onboardingRowsOf(
      tx,
      rows.map((r) => r.id),
    );
    return new Map(
      rows.map((row) => [
        row.id,
        onboardingSteps({
          ...facts.get(row.id),
          profileComplete: row.profileCompletedAt !== null,
          activated: row.activated,
          bypassOnboarding: row.bypassOnboarding,
        }),
      ]),
    );
  }

  async function listed(rows: Row[]): Promise<Listed[]> {
    const steps = await stepsOf(rows);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      image: row.image ? deps.uploadUrl(row.image) : null,
      stage: currentStep(steps.get(row.id) ?? [])?.step ?? 'onboarded',
      activated: row.activated,
      bypassOnboarding: row.bypassOnboarding,
      disabled: row.disabledAt !== null,
      noticePeriodMinutes: row.noticePeriodMinutes,
      ratePerMinutePiastres: row.ratePerMinutePiastres,
      rating: ratingSummaryOf(row.ratingSum, row.ratingCount),
      lessons: row.lessons,
      earningsPiastres: row.earningsPiastres,
      createdAt: row.createdAt.toISOString(),
      createdAtMs: row.createdAt.getTime(),
    }));
  }

  /**
   * Activated tutors with teaching time in the coming 7 days (past their notice) and none of it free for their
   * shortest lesson: the first free time of the booking logic, with and without the held lessons.
   */
  async function fullyBookedIds(): Promise<number[]> {
    const rows = await repo.listStaffTutorRows(db, { activated: true });
    const ids = rows.map((r) => r.id);
    const now = clock.now().getTime();
    const to = now + FULL_TUTORS_HORIZON_DAYS * MS_PER_DAY;
    const slots = await deps.slotsOfTutors(db, ids);
    const held = await deps.lessons.heldLessonsOfTutors(ids, new Date(now), new Date(to));
    return rows
      .filter((row) => {
        const base = {
          slots: slots.get(row.id) ?? [],
          durationMinutes: Math.min(...row.lessonLengths),
          from: now + row.noticePeriodMinutes * MS_PER_MINUTE,
          to,
        };
        const busy = held
          .filter((l) => l.tutorId === row.id)
          .map((l) => ({ start: l.startsAt.getTime(), end: l.endsAt.getTime() }));
        return firstFreeTime({ ...base, busy: [] }) !== undefined && firstFreeTime({ ...base, busy }) === undefined;
      })
      .map((row) => row.id);
  }

  async function page(query: StaffTutorListQuery, ids?: number[]): Promise<Page<StaffTutor>> {
    const activated = query.activated === undefined ? undefined : query.activated === 'yes';
    const rows = await repo.listStaffTutorRows(db, { q: query.q, activated, ids });
    const matching = (await listed(rows)).filter((t) => query.stage === undefined || t.stage === query.stage);
    matching.sort(BY[query.sort ?? 'newest']);
    const list = matching.slice(offsetOf(query), offsetOf(query) + query.size);
    return { total: matching.length, list: list.map(({ createdAtMs: _ms, ...tutor }) => tutor) };
  }

  async function detail(id: number): Promise<StaffTutorDetail> {
    const [row] = await repo.listStaffTutorRows(db, { ids: [id] });
    if (!row) throw new AppError('tutor-not-found');
    const [[tutor], steps, settings, tutoringMinutes] = await Promise.all([
      listed([row]),
      stepsOf([row]),
      deps.settings.current(),
      deps.figures.tutoringMinutes(id),
    ]);
    if (!tutor) throw new AppError('tutor-not-found');
    const { createdAtMs: _ms, ...base } = tutor;
    return {
      ...base,
      bio: row.bio,
      about: row.about,
      steps: steps.get(id) ?? [],
      defaultRatePerMinutePiastres: settings.tutorRatePerMinutePiastres,
      upcomingLessons: row.upcomingLessons,
      tutoringMinutes,
    };
  }

  async function lock(tx: Db, id: number) {
    const row = await repo.lockStaffTutor(tx, id);
    if (!row) throw new AppError('tutor-not-found');
    return row;
  }

  /** Tells the tutor by their notification method, in the change's transaction. */
  async function tellTutor(tx: Db, tutorId: number, kind: 'activated' | 'deactivated') {
    const tutor = await deps.users.findById(tx, tutorId);
    if (!tutor) return;
    const notice = onboardingNotice({ kind }, tutor.gender);
    await deps.notifications.send(tx, tutorId, 'requestUpdate', notice, { template: `onboarding-${kind}` });
  }

  /** The tutor's booked lessons still to come, each cancelled through the admins' lesson cancellation. */
  async function cancelBookedLessons(actor: AuthUser, tutorId: number, reason: string): Promise<number> {
    const now = clock.now();
    const far = new Date(now.getTime() + 10 * 365 * MS_PER_DAY);
    const booked = (await deps.lessons.heldLessonsOfTutors([tutorId], now, far)).filter((l) => l.startsAt > now);
    let cancelled = 0;
    for (const lesson of booked) {
      try {
        await deps.cancelLesson(actor, lesson.id, reason);
        cancelled += 1;
      } catch (error) {
        // Ended or cancelled meanwhile by its members: nothing left to cancel.
        if (!(error instanceof AppError && error.code === 'illegal')) throw error;
      }
    }
    return cancelled;
  }

  return {
    list: (query: StaffTutorListQuery) => page(query),

    uncontacted: async (query: StaffTutorListQuery) => page(query, await repo.uncontactedTutorIds(db)),

    fullTutors: async (query: StaffTutorListQuery) => page(query, await fullyBookedIds()),

    detail,

    /** Rate, notice period and bypass flag; only the fields that differ are written and logged. */
    async updateTerms(actor: AuthUser, id: number, input: TutorTermsInput): Promise<StaffTutorDetail> {
      const given = TERMS.filter((key) => input[key] !== undefined);
      if (given.length === 0) throw new AppError('empty-request');
      if (input.noticePeriodMinutes !== undefined)
        mustBeAllowedNoticePeriod(input.noticePeriodMinutes, (await deps.settings.current()).maxNoticePeriodMinutes);
      const changed = await db.transaction(async (tx) => {
        const current = await lock(tx, id);
        const keys = given.filter((key) => input[key] !== current[key]);
        if (keys.length === 0) return false;
        const pick = (source: repo.TutorTermsChange) => Object.fromEntries(keys.map((k) => [k, source[k]]));
        await repo.updateStaffTutor(tx, id, pick(input));
        await audit.record(tx, {
          actorId: actor.id,
          action: 'tutor.update-terms',
          objectId: id,
          subjectUserId: id,
          before: pick(current),
          after: pick(input),
          reason: input.reason,
        });
        return true;
      });
      if (changed) await deps.changes.notify(id);
      return detail(id);
    },

    /**
     * DESIGN §4: activation needs every onboarding step before it done, or the bypass flag. A deactivated tutor
     * leaves the list and takes no new booking (both read `activated`); their booked lessons stay unless the admin
     * also cancels them, each through the lessons' staff cancellation (minutes back, both members told).
     */
    async setActivated(actor: AuthUser, id: number, input: TutorActivationInput) {
      const changed = await db.transaction(async (tx) => {
        const current = await lock(tx, id);
        if (current.activated === input.activated) return false;
        if (input.activated && !current.bypassOnboarding) {
          const [row] = await repo.listStaffTutorRows(tx, { ids: [id] });
          const steps = row ? ((await stepsOf([row], tx)).get(id) ?? []) : [];
          if (!isStepOpen(steps, 'activated')) throw new AppError('onboarding-step-locked');
        }
        await repo.updateStaffTutor(tx, id, { activated: input.activated });
        await audit.record(tx, {
          actorId: actor.id,
          action: input.activated ? 'tutor.activate' : 'tutor.deactivate',
          objectId: id,
          subjectUserId: id,
          before: { activated: current.activated },
          after: { activated: input.activated, cancelBookedLessons: input.cancelBookedLessons ?? false },
          reason: input.reason,
        });
        await tellTutor(tx, id, input.activated ? 'activated' : 'deactivated');
        return true;
      });
      if (changed) {
        deps.outbox.kick();
        await deps.changes.notify(id);
      }
      const cancelBooked = !input.activated && input.cancelBookedLessons === true;
      const cancelledLessons = cancelBooked ? await cancelBookedLessons(actor, id, input.reason) : 0;
      return { tutor: await detail(id), cancelledLessons };
    },
  };
}

export type StaffTutorsService = ReturnType<typeof createStaffTutorsService>;
