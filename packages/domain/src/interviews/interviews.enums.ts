import { z } from 'zod';

export const InterviewStatus = {
  pending: 1,
  passed: 2,
  rejected: 3,
  canceledByInterviewer: 4,
  canceledByInterviewee: 5,
} as const;
export type InterviewStatus = (typeof InterviewStatus)[keyof typeof InterviewStatus];
export const InterviewStatusSchema = z.enum(InterviewStatus);

/** Review of a tutor's intro video (spec §4). */
export const IntroVideoStatus = { pending: 'pending', rejected: 'rejected', accepted: 'accepted' } as const;
export type IntroVideoStatus = (typeof IntroVideoStatus)[keyof typeof IntroVideoStatus];
export const IntroVideoStatusSchema = z.enum(IntroVideoStatus);
