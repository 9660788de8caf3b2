import type { RatingSummary } from '../ratings/ratings.contract.ts';

/** The orders of the public tutor list; recommended is the default. */
export const TUTOR_SORTS = ['recommended', 'rating', 'soonest'] as const;
export type TutorSort = (typeof TUTOR_SORTS)[number];

/**
 * The prior of the weighted rating: every tutor starts as if they had RATING_PRIOR.count ratings of
 * RATING_PRIOR.mean. A single five-star rating then lifts a tutor a little above a new one instead of above
 * everyone, and a new tutor sits in the middle of the list rather than at its end.
 */
export const RATING_PRIOR = { mean: 4, count: 5 } as const;

/** The average pulled towards the prior by as many ratings as the prior weighs (a Bayesian average). */
export function weightedRating({ average, count }: RatingSummary): number {
  const sum = (average ?? 0) * count;
  return (RATING_PRIOR.mean * RATING_PRIOR.count + sum) / (RATING_PRIOR.count + count);
}

/** What the recommended order reads of a tutor; a larger id joined later. */
export interface RankedTutor {
  id: number;
  rating: RatingSummary;
}

/** Recommended: the higher weighted rating first, then the more ratings, then the newer tutor. */
export const byRecommended = (a: RankedTutor, b: RankedTutor): number =>
  weightedRating(b.rating) - weightedRating(a.rating) || b.rating.count - a.rating.count || b.id - a.id;

/** Best rated: the higher plain average first (unrated last), then the more ratings, then the older tutor. */
export const byAverageRating = (a: RankedTutor, b: RankedTutor): number =>
  (b.rating.average ?? -1) - (a.rating.average ?? -1) || b.rating.count - a.rating.count || a.id - b.id;
