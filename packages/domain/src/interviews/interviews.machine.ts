import { SessionStatus } from '../sessions/sessions.enums.ts';
import { InterviewStatus } from './interviews.enums.ts';

/**
 * Interviews and demo sessions are both 30-minute appointments of an applicant with a tutor manager (spec §4).
 * One machine serves both: pending until someone cancels it or the manager decides it.
 * - the applicant may cancel only before the start;
 * - the manager (the appointment's own, or an admin) may cancel until it is decided;
 * - only the manager decides, and only after the start; a decided or cancelled one never changes again.
 */
export type AppointmentActor = 'applicant' | 'manager' | 'admin';
export type AppointmentMove = 'cancel' | 'pass' | 'reject';
export type AppointmentRefusal = 'forbidden' | 'already-decided' | 'appointment-not-started';

export interface AppointmentStatuses {
  pending: number;
  passed: number;
  rejected: number;
  canceledByApplicant: number;
  canceledByManager: number;
  canceledByAdmin: number;
}

/** Interview status of spec §4 (an admin's cancellation is the interviewer's side: canceled by interviewer). */
export const INTERVIEW_STATUSES: AppointmentStatuses = {
  pending: InterviewStatus.pending,
  passed: InterviewStatus.passed,
  rejected: InterviewStatus.rejected,
  canceledByApplicant: InterviewStatus.canceledByInterviewee,
  canceledByManager: InterviewStatus.canceledByInterviewer,
  canceledByAdmin: InterviewStatus.canceledByInterviewer,
};

/** Session status of spec §4 for demo sessions. */
export const DEMO_SESSION_STATUSES: AppointmentStatuses = {
  pending: SessionStatus.pending,
  passed: SessionStatus.passed,
  rejected: SessionStatus.rejected,
  canceledByApplicant: SessionStatus.canceledByTutor,
  canceledByManager: SessionStatus.canceledByTutorManager,
  canceledByAdmin: SessionStatus.canceledByAdmin,
};

export type AppointmentOutcome = { ok: true; status: number } | { ok: false; refusal: AppointmentRefusal };

const refuse = (refusal: AppointmentRefusal): AppointmentOutcome => ({ ok: false, refusal });

/** The status a move leads to from `status`, or why it is refused. `started`: the start time has been reached. */
export function moveAppointment(
  statuses: AppointmentStatuses,
  input: { status: number; actor: AppointmentActor; move: AppointmentMove; started: boolean },
): AppointmentOutcome {
  const { status, actor, move, started } = input;
  if (status !== statuses.pending) return refuse('already-decided');
  if (move === 'cancel') {
    if (actor === 'applicant')
      return started ? refuse('forbidden') : { ok: true, status: statuses.canceledByApplicant };
    return { ok: true, status: actor === 'admin' ? statuses.canceledByAdmin : statuses.canceledByManager };
  }
  if (actor === 'applicant') return refuse('forbidden');
  if (!started) return refuse('appointment-not-started');
  return { ok: true, status: move === 'pass' ? statuses.passed : statuses.rejected };
}

export const isAppointmentCancelled = (statuses: AppointmentStatuses, status: number): boolean =>
  status === statuses.canceledByApplicant ||
  status === statuses.canceledByManager ||
  status === statuses.canceledByAdmin;
