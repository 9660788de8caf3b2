import { describe, expect, it } from 'vitest';
import { onboardingNotice } from './onboarding.messages.ts';

// What applicants receive by e-mail, WhatsApp or Telegram: worded for the person (a woman in the feminine),
// carrying the interviewer's words, and written with Arabic-Indic digits as the app writes them.

const WESTERN_DIGIT = /[0-9]/;

describe('onboarding notices', () => {
  it("give the interviewer's feedback after a pass as after a rejection", () => {
    const passed = onboardingNotice({ kind: 'passed', appointment: 'interview', feedback: 'نطق واضح' }, 'male');
    expect(passed.text).toContain('ملاحظات المُحاوِر: \u2068نطق واضح');
    const rejected = onboardingNotice(
      { kind: 'rejected', appointment: 'interview', feedback: 'تحتاج إلى الطلاقة', reapplyAt: null },
      'male',
    );
    expect(rejected.text).toContain('ملاحظات المُحاوِر: \u2068تحتاج إلى الطلاقة');
    // Their words keep the digits they typed; only ours turn Arabic-Indic.
    const typed = onboardingNotice({ kind: 'passed', appointment: 'demoSession', feedback: 'راجع الوحدة 3' }, 'male');
    expect(typed.text).toContain('\u2068راجع الوحدة 3\u2069');
  });

  it('address a woman in the feminine and a man (or anyone unknown) in the masculine', () => {
    const rejected = { kind: 'rejected', appointment: 'interview', feedback: null, reapplyAt: null } as const;
    expect(onboardingNotice(rejected, 'female').text).toContain('لم تجتازي المقابلة');
    expect(onboardingNotice(rejected, 'male').text).toContain('لم تجتز المقابلة');
    expect(onboardingNotice(rejected, null).text).toContain('لم تجتز المقابلة');
    expect(onboardingNotice({ kind: 'activated' }, 'female').text).toContain('راجعي جدولك');
    const passed = { kind: 'passed', appointment: 'interview', feedback: null } as const;
    expect(onboardingNotice(passed, 'female').text).toContain('احجزي الآن');
  });

  it('write dates and numbers in Arabic-Indic digits', () => {
    const reminder = onboardingNotice(
      { kind: 'reminder', appointment: 'interview', startsAt: new Date('2025-01-08T10:00:00Z'), other: 'منى' },
      'female',
    );
    expect(reminder.text).not.toMatch(WESTERN_DIGIT);
    expect(reminder.text).toContain('ادخلي الغرفة');
  });
});
