import { describe, expect, it } from 'vitest';
import { byGender } from '../users/gender.ts';
import { ARABIC_INDIC_DIGITS, arabicDigits, asTyped, westernDigits } from './digits.ts';

describe('digits', () => {
  it('writes an Arabic text in Arabic-Indic digits, Latin names (MP4, H.264, 3-D Secure) keeping theirs', () => {
    expect(arabicDigits('درس 30 دقيقة، رقم 1205')).toBe('درس ٣٠ دقيقة، رقم ١٢٠٥');
    expect(arabicDigits('فيديو MP4 بترميز H.264 و3-D Secure')).toBe('فيديو MP4 بترميز H.264 و3-D Secure');
    expect(westernDigits(arabicDigits('0123456789'))).toBe('0123456789');
    expect(ARABIC_INDIC_DIGITS).toHaveLength(10);
  });

  it("leaves a person's own words as they typed them, set apart as a bidi isolate", () => {
    const title = 'Zoom 2 لا يعمل';
    expect(arabicDigits(`بلاغك رقم 12 «${asTyped(title)}» بعد 3 أيام`)).toBe(
      `بلاغك رقم ١٢ «\u2068${title}\u2069» بعد ٣ أيام`,
    );
    // Isolate marks typed inside cannot end the isolate early.
    expect(arabicDigits(asTyped('a\u2069 7'))).toBe('\u2068a 7\u2069');
  });
});

describe('byGender', () => {
  it('words a woman in the feminine, anyone else (or unknown) in the masculine', () => {
    const forms = { male: 'معلّم', female: 'معلّمة' };
    expect(byGender('female', forms)).toBe('معلّمة');
    expect(byGender('male', forms)).toBe('معلّم');
    expect(byGender(null, forms)).toBe('معلّم');
  });
});
