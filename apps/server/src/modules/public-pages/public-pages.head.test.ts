import type { Plan } from '@darsak/domain/plans';
import type { TutorProfile } from '@darsak/domain/tutors';
import { describe, expect, it } from 'vitest';
import { lessonPriceOf, tutorPageHead } from './public-pages.head.ts';

const tutor: TutorProfile = {
  id: 7,
  name: 'ياسمين فؤاد',
  image: null,
  gender: 'female',
  bio: null,
  about: null,
  topics: [{ id: 1, nameAr: 'القواعد', nameEn: 'Grammar' }],
  rating: { average: null, count: 0 },
  nextFreeAt: null,
  lessonLengths: [30],
  video: null,
  thumbnail: null,
  noticePeriodMinutes: 60,
  lessons: 0,
};

describe("a tutor page's head", () => {
  it('words the tutor by gender, with what they teach and their lesson lengths in Arabic digits', () => {
    expect(tutorPageHead(tutor)).toMatchObject({
      title: 'ياسمين فؤاد: معلّمة إنجليزي على درسك',
      description: 'دروس ٣٠ دقيقة. تدرّس: القواعد.',
      path: '/t/7',
      type: 'profile',
    });
    expect(tutorPageHead({ ...tutor, gender: 'male' }).description).toBe('دروس ٣٠ دقيقة. يدرّس: القواعد.');
  });

  it('is in English at the English address', () => {
    expect(tutorPageHead({ ...tutor, rating: { average: 4.5, count: 12 } }, 'en')).toMatchObject({
      locale: 'en',
      title: 'ياسمين فؤاد: English tutor on Darsak',
      description: '30 minute lessons. Rated 4.5 of 5 (12 ratings). Teaches Grammar.',
      data: { jobTitle: 'English teacher' },
    });
  });

  it('cuts a long description between words, within 160 characters', () => {
    const bio = 'أساعد الطلاب على التحدث بثقة في المواقف اليومية وفي مقابلات العمل '.repeat(4).trim();
    const { description } = tutorPageHead({ ...tutor, bio });
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/[^\s]…$/);
    const lengths = 'دروس ٣٠ دقيقة. ';
    expect(description.startsWith(lengths)).toBe(true);
    const cut = description.slice(lengths.length, -1);
    expect(bio.startsWith(cut)).toBe(true);
    expect(bio.charAt(cut.length)).toBe(' ');
  });
});

describe("a tutor's lesson price", () => {
  const prices = (month: number) => ({
    month: {
      months: 1,
      weeks: 4,
      fullPricePiastres: month,
      discountPercent: 0,
      pricePiastres: month,
      installmentOptions: [],
    },
    quarter: {
      months: 3,
      weeks: 12,
      fullPricePiastres: month * 3,
      discountPercent: 0,
      pricePiastres: month * 3,
      installmentOptions: [],
    },
    year: {
      months: 12,
      weeks: 52,
      fullPricePiastres: month * 13,
      discountPercent: 0,
      pricePiastres: month * 13,
      installmentOptions: [],
    },
  });
  // 120 minutes a week for 800 EGP a month: 50 EGP for 30 minutes
  const plans = [
    { weeklyMinutes: 120, state: 'active', forInvitesOnly: false, prices: prices(80_000) },
  ] as unknown as Plan[];

  it('is the longest lesson on the cheapest public plan, first in the preview and an offer in the data', () => {
    const price = lessonPriceOf({ ...tutor, lessonLengths: [15, 30] }, plans);
    expect(price).toEqual({ minutes: 30, piastres: 5_000 });
    const head = tutorPageHead({ ...tutor, rating: { average: 4.5, count: 12 } }, 'ar', price);
    expect(head.description).toBe('الدرس ٣٠ دقيقة من ٥٠ ج.م. التقييم ٤٫٥ من ٥ (عدد التقييمات ١٢). تدرّس: القواعد.');
    expect(tutorPageHead(tutor, 'en', price).description).toBe('A 30-minute lesson from EGP 50. Teaches Grammar.');
    expect(head.data).toMatchObject({
      makesOffer: { priceSpecification: { minPrice: '50.00', priceCurrency: 'EGP' } },
    });
  });

  it('is left out when no plan is on sale or the tutor offers no length', () => {
    expect(lessonPriceOf(tutor, [])).toBeUndefined();
    expect(lessonPriceOf({ ...tutor, lessonLengths: [] }, plans)).toBeUndefined();
  });
});
