import { z } from 'zod';
import { Id } from '../common/ids.ts';
import { RATING_MAX, RATING_MIN, RATING_TEXT_MAX_LENGTH } from './ratings.constants.ts';

// What a student sends when rating: the server validates with these and the rating form too. A module of their
// own, so a page that only shows ratings does not load zod for them.

export const RatingValue = z
  .number()
  .int('rating-value-range')
  .min(RATING_MIN, 'rating-value-range')
  .max(RATING_MAX, 'rating-value-range');
export const RatingText = z.string().trim().max(RATING_TEXT_MAX_LENGTH, 'rating-text-length');

/** Rating the tutor of a fulfilled lesson; one rating per student and tutor, edited afterwards with PUT. */
export const CreateRatingInput = z.strictObject({
  lessonId: Id,
  value: RatingValue,
  text: RatingText.nullable().optional(),
});
export type CreateRatingInput = z.infer<typeof CreateRatingInput>;

export const UpdateRatingInput = z.strictObject({ value: RatingValue, text: RatingText.nullable().optional() });
export type UpdateRatingInput = z.infer<typeof UpdateRatingInput>;
