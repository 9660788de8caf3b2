import { describe, expect, it } from 'vitest';
import { byAverageRating, byRecommended, RATING_PRIOR, type RankedTutor, weightedRating } from './tutors.order.ts';

const tutor = (id: number, average: number | null, count: number): RankedTutor => ({
  id,
  rating: { average, count },
});
const ids = (tutors: RankedTutor[], order: (a: RankedTutor, b: RankedTutor) => number) =>
  [...tutors].sort(order).map((t) => t.id);

describe('weightedRating', () => {
  it('is the prior for a tutor nobody has rated', () => {
    expect(weightedRating({ average: null, count: 0 })).toBe(RATING_PRIOR.mean);
  });

  it('moves towards the tutor’s own average as ratings add up', () => {
    const few = weightedRating({ average: 5, count: 1 });
    const many = weightedRating({ average: 5, count: 50 });
    expect(few).toBeGreaterThan(RATING_PRIOR.mean);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeLessThan(5);
  });
});

describe('byRecommended', () => {
  it('puts many good ratings above a single perfect one, and a new tutor above a poorly rated one', () => {
    const established = tutor(1, 4.8, 20);
    const lucky = tutor(2, 5, 1);
    const poor = tutor(3, 3, 12);
    const fresh = tutor(4, null, 0);
    expect(ids([lucky, poor, fresh, established], byRecommended)).toEqual([1, 2, 4, 3]);
  });

  it('breaks ties by the number of ratings, then by the newer tutor', () => {
    expect(ids([tutor(1, null, 0), tutor(2, null, 0)], byRecommended)).toEqual([2, 1]);
    expect(ids([tutor(1, 4, 2), tutor(2, 4, 8)], byRecommended)).toEqual([2, 1]);
  });
});

describe('byAverageRating', () => {
  it('keeps the plain best-rated order: the highest average first, unrated last', () => {
    expect(ids([tutor(1, null, 0), tutor(2, 4.8, 20), tutor(3, 5, 1)], byAverageRating)).toEqual([3, 2, 1]);
  });
});
