import { MS_PER_MINUTE, offsetOf, type Page } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type AppointmentActor,
  type AppointmentListQuery,
  type AppointmentStatuses,
  DEMO_SESSION_STATUSES,
  type DemoSession,
  INTERVIEW_STATUSES,
  type Interview,
  InterviewStatus,
  moveAppointment,
  nextInterviewAllowedAt,
  type UpdateDemoSessionInput,
  type UpdateInterviewInput,
} from '@darsak/domain/interviews';
import { SessionStatus } from '@darsak/domain/sessions';
import { isAdminRole } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { ONBOARDING_JOBS, type OnboardingRecords } from './onboarding.records.ts';
import type { AppointmentKind, AppointmentRow } from './onboarding.repo.ts';
import * as repo from './onboarding.repo.ts';
import type { OnboardingDeps } from './onboarding.service.ts';

const STATUSES: Record<AppointmentKind, AppointmentStatuses> = {
  interview: INTERVIEW_STATUSES,
  demoSession: DEMO_SESSION_STATUSES,
};
const NOT_FOUND = { interview: 'interview-not-found', demoSession: 'demo-session-not-found' } as const;
const MANAGER_DID_NOT_ATTEND = 'interviewerDidNotAttend';

type UpdateInput = UpdateInterviewInput | UpdateDemoSessionInput;

type AppointmentsDeps = Pick<
  OnboardingDeps,
  'db' | 'clock' | 'outbox' | 'realtime' | 'joinedCall' | 'noShowGraceMinutes'
>;

/**
 * Interviews and demo sessions once booked, for the applicant, their manager and admins alike: notes, decisions and
 * cancellations as the appointment machine allows them, lists and pages, and the jobs each booking enlisted.
 */
export function createAppointmentsService(deps: AppointmentsDeps, records: OnboardingRecords) {
  const { db, clock } = deps;
  const { personOf, appointmentViews, appointmentView, seenBy, notify, announce } = records;

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

  return {
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
