import { describe, expect, it } from 'vitest';
import {
  ARABIC_LETTER_SHARE,
  ARABIC_TEXT_PATTERN,
  ARABIC_TWO_PART_NAME_PATTERN,
  ArabicProseText,
  ArabicTwoPartNameText,
  arabicLetterShare,
  collapseSpaces,
  NAME_PATTERN,
  NameText,
} from './text.ts';

describe('ARABIC_TEXT_PATTERN (spec: 5+ Arabic characters or spaces)', () => {
  it('accepts at and above 5 characters', () => {
    expect(ARABIC_TEXT_PATTERN.test('مرحبا')).toBe(true);
    expect(ARABIC_TEXT_PATTERN.test('أنا مدرس لغة إنجليزية، ولدي خبرة')).toBe(true);
  });

  it('refuses 4 characters and Latin letters', () => {
    expect(ARABIC_TEXT_PATTERN.test('مرحب')).toBe(false);
    expect(ARABIC_TEXT_PATTERN.test('hello')).toBe(false);
    expect(ARABIC_TEXT_PATTERN.test('مرحبا hello')).toBe(false);
  });
});

describe('NAME_PATTERN', () => {
  it('accepts Latin or Arabic letters and spaces', () => {
    expect(NAME_PATTERN.test('Ahmed Ali')).toBe(true);
    expect(NAME_PATTERN.test('أحمد علي')).toBe(true);
    expect(NAME_PATTERN.test('Ahmed أحمد')).toBe(true);
  });

  it('refuses digits, punctuation and tatweel', () => {
    expect(NAME_PATTERN.test('Ahmed1')).toBe(false);
    expect(NAME_PATTERN.test('Ahmed-Ali')).toBe(false);
    expect(NAME_PATTERN.test('أحمـــد')).toBe(false);
    expect(NAME_PATTERN.test('')).toBe(false);
  });
});

describe('ARABIC_TWO_PART_NAME_PATTERN', () => {
  it('needs at least two Arabic parts', () => {
    expect(ARABIC_TWO_PART_NAME_PATTERN.test('أحمد علي')).toBe(true);
    expect(ARABIC_TWO_PART_NAME_PATTERN.test('أحمد محمد علي')).toBe(true);
    expect(ARABIC_TWO_PART_NAME_PATTERN.test('أحمد')).toBe(false);
    expect(ARABIC_TWO_PART_NAME_PATTERN.test('Ahmed Ali')).toBe(false);
    expect(ARABIC_TWO_PART_NAME_PATTERN.test('أحمد م')).toBe(false);
  });
});

describe('text schemas', () => {
  it('collapses whitespace', () => {
    expect(collapseSpaces('  أحمد \t  علي  ')).toBe('أحمد علي');
    expect(NameText.parse('  Ahmed   Ali ')).toBe('Ahmed Ali');
    expect(ArabicTwoPartNameText.parse(' أحمد    علي ')).toBe('أحمد علي');
  });

  it('gives message keys', () => {
    expect(NameText.safeParse('A1').error?.issues[0]?.message).toBe('name-letters-only');
    expect(ArabicTwoPartNameText.safeParse('أحمد').error?.issues[0]?.message).toBe('name-two-arabic-parts');
  });

  it('accepts Arabic prose with everyday punctuation and line breaks', () => {
    expect(ArabicProseText.safeParse('أنا مدرس.\nخبرة 5 سنوات!').success).toBe(true);
    expect(ArabicProseText.safeParse('  مرحبا  ').data).toBe('مرحبا');
  });

  it('takes certificates and exams named in Latin letters inside an Arabic text', () => {
    const bio = 'مدرّسة لغة إنجليزية حاصلة على شهادة CELTA، ودرجتي في IELTS هي 8.5، وأدرّب على TOEFL.';
    expect(ArabicProseText.safeParse(bio).success).toBe(true);
  });

  it('says what is wrong: too short, a character not allowed, or not mainly Arabic', () => {
    const messageOf = (text: string) => ArabicProseText.safeParse(text).error?.issues[0]?.message;
    expect(messageOf('مرحب')).toBe('text-too-short');
    expect(messageOf('     ')).toBe('text-too-short');
    expect(messageOf('مرحبا بكم 😀')).toBe('text-characters');
    expect(messageOf('12345')).toBe('arabic-text-mainly');
    expect(messageOf('I teach English, IELTS and TOEFL, مرحبا')).toBe('arabic-text-mainly');
  });

  it('counts "mainly Arabic" as at least 60% of the letters, at its bound', () => {
    expect(ARABIC_LETTER_SHARE).toBe(0.6);
    expect(arabicLetterShare('ابتثجح ABCD')).toBe(0.6);
    expect(ArabicProseText.safeParse('ابتثجح ABCD').success).toBe(true); // 6 of 10 letters
    expect(ArabicProseText.safeParse('ابتثج ABCD').success).toBe(false); // 5 of 9
    expect(arabicLetterShare('12345 ...')).toBe(0);
  });
});
