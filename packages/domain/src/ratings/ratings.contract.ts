import { z } from 'zod';
import { IdParams, Ok } from '../common/ids.ts';
import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { CreateRatingInput, UpdateRatingInput } from './ratings.inputs.ts';

const RatingPerson = z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() });

export const RatingSchema = z.object({
  id: z.number().int(),
  raterId: z.number().int(),
  rateeId: z.number().int(),
  lessonId: z.number().int().nullable(),
  /** When the rated lesson began (null once the lesson is gone), so staff can match a rating to its lesson. */
  lessonStartsAt: z.string().nullable(),
  value: z.number().int(),
  text: z.string().nullable(),
  rater: RatingPerson,
  ratee: RatingPerson,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RatingView = z.infer<typeof RatingSchema>;

/** A tutor's standing: the mean of the ratings (null before the first) and how many there are. */
export const RatingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ratingSummaryOf = (sum: number, count: number): RatingSummary => ({
  average: count > 0 ? Math.round((sum / count) * 100) / 100 : null,
  count,
});

export const RatingPage = pageOf(RatingSchema);
export const TutorReviewsSchema = RatingPage.extend({ summary: RatingSummarySchema });

const common = { tags: ['rating'] } as const;
const listed = { params: IdParams, query: PageQuery.strict() } as const;

export const ratingsContract = {
  create: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/rating/',
    summary: 'Rate the tutor of a fulfilled lesson',
    auth: ['student'],
    body: CreateRatingInput,
    response: RatingSchema,
    status: 201,
    errors: ['lesson-not-found', 'forbidden', 'lesson-not-fulfilled', 'rating-exists'],
  }),
  get: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/rating/:id',
    summary: 'A rating',
    auth: 'public',
    params: IdParams,
    response: RatingSchema,
    errors: ['rating-not-found'],
  }),
  update: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/rating/:id',
    summary: 'Edit your rating',
    auth: ['student'],
    params: IdParams,
    body: UpdateRatingInput,
    response: RatingSchema,
    errors: ['rating-not-found', 'forbidden'],
  }),
  remove: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/v1/rating/:id',
    summary: 'Delete a rating (its author or an admin)',
    auth: ['student', ...ROLE_GROUPS.admins],
    params: IdParams,
    response: Ok,
    errors: ['rating-not-found', 'forbidden'],
  }),
  listByRater: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/rating/list/rater/:id',
    summary: 'Ratings a user gave (self or staff)',
    auth: 'signedIn',
    ...listed,
    response: RatingPage,
    errors: ['forbidden'],
  }),
  listByRatee: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/rating/list/ratee/:id',
    summary: 'Ratings a user received (self or staff)',
    auth: 'signedIn',
    ...listed,
    response: RatingPage,
    errors: ['forbidden'],
  }),
  listForTutor: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/rating/list/tutor/:id',
    summary: "A tutor's reviews, latest first, with the rating summary",
    auth: 'public',
    ...listed,
    response: TutorReviewsSchema,
    errors: ['tutor-not-found'],
  }),
} as const;
