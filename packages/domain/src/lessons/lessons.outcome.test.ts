import { describe, expect, it } from 'vitest';
import { SessionStatus } from '../sessions/sessions.enums.ts';
import { LessonStatus } from './lessons.enums.ts';
import { cancellerOf, lessonSessionStatus } from './lessons.outcome.ts';
import { CancelReason } from './lessons.rules.ts';

const joined = '2026-03-04T12:01:00.000Z';
const outcome = (status: LessonStatus, more: { cancelReason?: string; studentJoinedAt?: string | null } = {}) => ({
  status,
  cancelReason: more.cancelReason ?? null,
  studentJoinedAt: more.studentJoinedAt === undefined ? joined : more.studentJoinedAt,
});

describe("a lesson's live session status (spec §4)", () => {
  it('stays pending while the lesson holds its time', () => {
    expect(lessonSessionStatus(outcome(LessonStatus.pending, { studentJoinedAt: null }))).toBe(SessionStatus.pending);
    expect(lessonSessionStatus(outcome(LessonStatus.happening))).toBe(SessionStatus.pending);
  });

  it('passes when the lesson was held with the student, and is rejected when the student never came', () => {
    expect(lessonSessionStatus(outcome(LessonStatus.fulfilled))).toBe(SessionStatus.passed);
    expect(lessonSessionStatus(outcome(LessonStatus.fulfilled, { studentJoinedAt: null }))).toBe(
      SessionStatus.rejected,
    );
  });

  it("names the side a cancellation came from: the student's rejected, the tutor's (or absence), the admin's", () => {
    expect(lessonSessionStatus(outcome(LessonStatus.cancelledByStudent, { studentJoinedAt: null }))).toBe(
      SessionStatus.rejected,
    );
    expect(lessonSessionStatus(outcome(LessonStatus.cancelledByStudent, { cancelReason: CancelReason.rebooked }))).toBe(
      SessionStatus.rejected,
    );
    expect(lessonSessionStatus(outcome(LessonStatus.cancelledByTutor))).toBe(SessionStatus.canceledByTutor);
    expect(
      lessonSessionStatus(outcome(LessonStatus.cancelledByTutor, { cancelReason: CancelReason.tutorDidNotAttend })),
    ).toBe(SessionStatus.canceledByTutor);
    expect(lessonSessionStatus(outcome(LessonStatus.cancelledByAdmin))).toBe(SessionStatus.canceledByAdmin);
  });

  it('never gives a lesson the tutor manager’s cancellation', () => {
    const all = Object.values(LessonStatus).flatMap((status) => [
      lessonSessionStatus(outcome(status)),
      lessonSessionStatus(outcome(status, { studentJoinedAt: null })),
    ]);
    expect(all).not.toContain(SessionStatus.canceledByTutorManager);
  });
});

describe('who cancelled a lesson', () => {
  it('reads the side from the status, and a tutor who never came as the platform', () => {
    expect(cancellerOf(outcome(LessonStatus.cancelledByStudent))).toBe('student');
    expect(cancellerOf(outcome(LessonStatus.cancelledByTutor))).toBe('tutor');
    expect(cancellerOf(outcome(LessonStatus.cancelledByAdmin))).toBe('admin');
    expect(cancellerOf(outcome(LessonStatus.cancelledByTutor, { cancelReason: CancelReason.tutorDidNotAttend }))).toBe(
      'platform',
    );
  });

  it('is nobody for a lesson not cancelled', () => {
    for (const status of [LessonStatus.pending, LessonStatus.happening, LessonStatus.fulfilled]) {
      expect(cancellerOf(outcome(status))).toBeNull();
    }
  });
});
