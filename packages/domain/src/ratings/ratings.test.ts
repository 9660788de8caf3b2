import { describe, expect, it } from 'vitest';
import { RATING_LABELS, ratingLabelOf } from './ratings.constants.ts';
import { RatingText, RatingValue } from './ratings.inputs.ts';

describe('ratings', () => {
  it('labels 1 to 5', () => {
    expect(RATING_LABELS.map((l) => l.key)).toEqual(['bad', 'accepted', 'good', 'veryGood', 'excellent']);
    expect(ratingLabelOf(1)?.key).toBe('bad');
    expect(ratingLabelOf(5)?.ar).toBe('ممتاز');
  });

  it('rounds averages to the nearest star', () => {
    expect(ratingLabelOf(1.49)?.key).toBe('bad');
    expect(ratingLabelOf(1.5)?.key).toBe('accepted');
    expect(ratingLabelOf(4.5)?.key).toBe('excellent');
  });

  it('has no label outside 1 to 5', () => {
    expect(ratingLabelOf(0.99)).toBeUndefined();
    expect(ratingLabelOf(5.01)).toBeUndefined();
    expect(ratingLabelOf(Number.NaN)).toBeUndefined();
  });

  it('validates the value and text', () => {
    expect(RatingValue.safeParse(1).success).toBe(true);
    expect(RatingValue.safeParse(5).success).toBe(true);
    expect(RatingValue.safeParse(0).error?.issues[0]?.message).toBe('rating-value-range');
    expect(RatingValue.safeParse(6).success).toBe(false);
    expect(RatingValue.safeParse(4.5).success).toBe(false);
    expect(RatingText.safeParse('x'.repeat(500)).success).toBe(true);
    expect(RatingText.safeParse('x'.repeat(501)).success).toBe(false);
  });
});
