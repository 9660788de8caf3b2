export const SessionStatus = {
  pending: 1,
  passed: 2,
  rejected: 3,
  canceledByTutorManager: 4,
  canceledByTutor: 5,
  canceledByAdmin: 6,
} as const;
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

/** Kind of a chat room or live session. */
export const RoomType = {
  general: 'general',
  lesson: 'lesson',
  interview: 'interview',
  demoSession: 'demoSession',
} as const;
export type RoomType = (typeof RoomType)[keyof typeof RoomType];

/** What the join screen shows before the call begins. */
export const SessionJoinState = {
  waitingForStart: 'waitingForStart',
  waitingForTutor: 'waitingForTutor',
  tutorDidNotAttend: 'tutorDidNotAttend',
} as const;
export type SessionJoinState = (typeof SessionJoinState)[keyof typeof SessionJoinState];

/** Lesson lengths a student may book, in minutes. */
export const SESSION_LENGTHS = [15, 30] as const;
export type SessionLength = (typeof SESSION_LENGTHS)[number];
