import type { TutorProfile } from '@darsak/domain/tutors';
import { describe, expect, it } from 'vitest';
import { tutorPageHead } from './public-pages.head.ts';

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
      description: 'تدرّس: القواعد. دروس ٣٠ دقيقة.',
      path: '/t/7',
      type: 'profile',
    });
    expect(tutorPageHead({ ...tutor, gender: 'male' }).description).toBe('يدرّس: القواعد. دروس ٣٠ دقيقة.');
  });

  it('is in English at the English address', () => {
    expect(tutorPageHead({ ...tutor, rating: { average: 4.5, count: 12 } }, 'en')).toMatchObject({
      locale: 'en',
      title: 'ياسمين فؤاد: English tutor on Darsak',
      description: 'Teaches Grammar. Rated 4.5 of 5 (12 ratings). 30 minute lessons.',
      data: { jobTitle: 'English teacher' },
    });
  });

  it('cuts a long description between words, within 160 characters', () => {
    const bio = 'أساعد الطلاب على التحدث بثقة في المواقف اليومية وفي مقابلات العمل '.repeat(4).trim();
    const { description } = tutorPageHead({ ...tutor, bio });
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/[^\s]…$/);
    expect(bio.startsWith(description.slice(0, -1))).toBe(true);
    expect(bio.charAt(description.length - 1)).toBe(' ');
  });
});
