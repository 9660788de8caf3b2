import { describe, expect, it } from 'vitest';
import { SESSION_LENGTHS, SessionStatus } from './sessions.enums.ts';
import {
  RoomTypeSchema,
  SessionJoinStateSchema,
  SessionLengthSchema,
  SessionStatusSchema,
} from './sessions.schemas.ts';

describe('sessions', () => {
  it('numbers session statuses 1 to 6', () => {
    expect(SessionStatus).toEqual({
      pending: 1,
      passed: 2,
      rejected: 3,
      canceledByTutorManager: 4,
      canceledByTutor: 5,
      canceledByAdmin: 6,
    });
    expect(SessionStatusSchema.safeParse(0).success).toBe(false);
    expect(SessionStatusSchema.safeParse(1).success).toBe(true);
    expect(SessionStatusSchema.safeParse(6).success).toBe(true);
    expect(SessionStatusSchema.safeParse(7).success).toBe(false);
  });

  it('lists room types and join states', () => {
    expect(RoomTypeSchema.options).toEqual(['general', 'lesson', 'interview', 'demoSession']);
    expect(SessionJoinStateSchema.options).toEqual(['waitingForStart', 'waitingForTutor', 'tutorDidNotAttend']);
  });

  it('offers 15 and 30 minute lessons only', () => {
    expect(SESSION_LENGTHS).toEqual([15, 30]);
    expect(SessionLengthSchema.safeParse(15).success).toBe(true);
    expect(SessionLengthSchema.safeParse(30).success).toBe(true);
    for (const bad of [0, 14, 16, 29, 31, 45, '15']) expect(SessionLengthSchema.safeParse(bad).success).toBe(false);
  });
});
