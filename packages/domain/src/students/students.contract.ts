import { z } from 'zod';
import { IdParams } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { EnglishLevelSchema } from '../users/users.enums.ts';

export const StudentSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  englishLevel: z.number().int().nullable(),
  goal: z.string().nullable(),
});
export type Student = z.infer<typeof StudentSchema>;

export const StudentInput = z.strictObject({
  englishLevel: EnglishLevelSchema.nullable(),
  goal: z.string().trim().max(300).nullable(),
});

/** The guided tour of a new student: taken (to the end or skipped) once, remembered on the server. */
export const TourStateSchema = z.object({ completedAt: z.string().nullable() });
export type TourState = z.infer<typeof TourStateSchema>;

const common = { tags: ['student'] } as const;

export const studentsContract = {
  create: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/student/',
    summary: "Create the signed-in student's learner profile",
    auth: ['student'],
    body: StudentInput,
    response: StudentSchema,
    status: 201,
    errors: [],
  }),
  update: defineRoute({
    ...common,
    method: 'PATCH',
    path: '/api/v1/student/',
    summary: "Update the signed-in student's learner profile",
    auth: ['student'],
    body: StudentInput.partial(),
    response: StudentSchema,
    errors: ['empty-request'],
  }),
  tour: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/student/tour',
    summary: 'Whether the signed-in student has taken the guided tour',
    auth: ['student'],
    response: TourStateSchema,
    errors: [],
  }),
  completeTour: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/student/tour',
    summary: 'Record that the signed-in student took the guided tour (to the end or skipped it); the first time stays',
    auth: ['student'],
    response: TourStateSchema,
    errors: [],
  }),
  get: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/student/:id',
    summary: 'A student (self, admins, tutor managers or tutors)',
    auth: 'signedIn',
    params: IdParams,
    response: StudentSchema,
    errors: ['student-not-found', 'forbidden'],
  }),
} as const;
