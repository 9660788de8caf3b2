import { describe, expect, it } from 'vitest';
import {
  canBookInterview,
  canIntervieweeCancel,
  INTERVIEW_MINUTES,
  InterviewStatus,
  InterviewStatusSchema,
  IntroVideoStatusSchema,
  introVideoReapplyAt,
  nextInterviewAllowedAt,
  REAPPLY_AFTER_REJECTION_MONTHS,
  REPEAT_INTERVIEW_AFTER_MONTHS,
} from './index.ts';

const at = (iso: string) => new Date(iso);

describe('interview enums and constants', () => {
  it('match spec §4 and §9', () => {
    expect(InterviewStatus).toEqual({
      pending: 1,
      passed: 2,
      rejected: 3,
      canceledByInterviewer: 4,
      canceledByInterviewee: 5,
    });
    expect(InterviewStatusSchema.safeParse(0).success).toBe(false);
    expect(InterviewStatusSchema.safeParse(5).success).toBe(true);
    expect(InterviewStatusSchema.safeParse(6).success).toBe(false);
    expect(IntroVideoStatusSchema.options).toEqual(['pending', 'rejected', 'accepted']);
    expect([REAPPLY_AFTER_REJECTION_MONTHS, REPEAT_INTERVIEW_AFTER_MONTHS, INTERVIEW_MINUTES]).toEqual([3, 6, 30]);
  });
});

describe('canIntervieweeCancel', () => {
  const start = at('2025-03-01T10:00:00Z');
  it('allows cancelling a pending interview until the start', () => {
    expect(canIntervieweeCancel(InterviewStatus.pending, start, at('2025-03-01T09:59:59.999Z'))).toBe(true);
    expect(canIntervieweeCancel(InterviewStatus.pending, start, start)).toBe(false);
    expect(canIntervieweeCancel(InterviewStatus.passed, start, at('2025-02-01T00:00:00Z'))).toBe(false);
  });
});

describe('interview waiting periods', () => {
  const startsAt = at('2025-01-31T10:00:00Z');

  it('waits 3 months after a rejection and 6 after a pass', () => {
    expect(nextInterviewAllowedAt({ status: InterviewStatus.rejected, startsAt })?.toISOString()).toBe(
      '2025-04-30T10:00:00.000Z',
    );
    expect(nextInterviewAllowedAt({ status: InterviewStatus.passed, startsAt })?.toISOString()).toBe(
      '2025-07-31T10:00:00.000Z',
    );
    expect(nextInterviewAllowedAt({ status: InterviewStatus.canceledByInterviewee, startsAt })).toBeNull();
  });

  it('books only when the waiting period is over', () => {
    const rejected = { status: InterviewStatus.rejected, startsAt };
    expect(canBookInterview(undefined, startsAt)).toBe(true);
    expect(canBookInterview(rejected, at('2025-04-30T09:59:59Z'))).toBe(false);
    expect(canBookInterview(rejected, at('2025-04-30T10:00:00Z'))).toBe(true);
    expect(canBookInterview({ status: InterviewStatus.pending, startsAt }, at('2030-01-01T00:00:00Z'))).toBe(false);
    expect(canBookInterview({ status: InterviewStatus.canceledByInterviewer, startsAt }, startsAt)).toBe(true);
  });

  it('lets a rejected intro video be sent again after 3 months', () => {
    expect(introVideoReapplyAt(at('2025-11-30T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
