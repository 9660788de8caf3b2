export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_TEXT_MAX_LENGTH = 500;

export const RATING_LABELS = [
  { value: 1, key: 'bad', ar: 'سيئ', en: 'Bad' },
  { value: 2, key: 'accepted', ar: 'مقبول', en: 'Acceptable' },
  { value: 3, key: 'good', ar: 'جيد', en: 'Good' },
  { value: 4, key: 'veryGood', ar: 'جيد جدًا', en: 'Very good' },
  { value: 5, key: 'excellent', ar: 'ممتاز', en: 'Excellent' },
] as const;
export type RatingLabel = (typeof RATING_LABELS)[number];

/** Label of a rating or of an average (rounded to the nearest star); undefined outside 1-5. */
export function ratingLabelOf(value: number): RatingLabel | undefined {
  if (!Number.isFinite(value) || value < RATING_MIN || value > RATING_MAX) return undefined;
  return RATING_LABELS.find((label) => label.value === Math.round(value));
}
