import { addMonths } from '../common/time.ts';
import { REAPPLY_AFTER_REJECTION_MONTHS, REPEAT_INTERVIEW_AFTER_MONTHS } from './interviews.constants.ts';
import { InterviewStatus } from './interviews.enums.ts';

/** The interviewee may cancel a pending interview only before it starts; afterwards the manager decides. */
export const canIntervieweeCancel = (status: InterviewStatus, startsAt: Date, now: Date): boolean =>
  status === InterviewStatus.pending && now.getTime() < startsAt.getTime();

/**
 * Earliest start of a new interview after the last decided one: 3 months after a rejection,
 * 6 months after any other held interview. Cancelled ones do not count (`conflicting-interview`).
 */
export function nextInterviewAllowedAt(last: { status: InterviewStatus; startsAt: Date }): Date | null {
  if (last.status === InterviewStatus.rejected) return addMonths(last.startsAt, REAPPLY_AFTER_REJECTION_MONTHS);
  if (last.status === InterviewStatus.passed) return addMonths(last.startsAt, REPEAT_INTERVIEW_AFTER_MONTHS);
  return null;
}

/** A rejected intro video may be sent again three months after its rejection. */
export const introVideoReapplyAt = (rejectedAt: Date): Date => addMonths(rejectedAt, REAPPLY_AFTER_REJECTION_MONTHS);

/** Whether an applicant may book an interview now, given their latest one (if any). */
export function canBookInterview(last: { status: InterviewStatus; startsAt: Date } | undefined, now: Date): boolean {
  if (!last) return true;
  if (last.status === InterviewStatus.pending) return false;
  const allowedAt = nextInterviewAllowedAt(last);
  return allowedAt === null || now.getTime() >= allowedAt.getTime();
}
