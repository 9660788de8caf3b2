import { describe, expect, it } from 'vitest';
import { lessonNotice } from './lessons.messages.ts';

const WESTERN_DIGIT = /[0-9]/;

describe('lesson notices', () => {
  const lesson = { startsAt: new Date('2025-01-08T10:00:00Z'), durationMinutes: 30 };
  it('name an absent tutor who is a woman as such, and write the length in Arabic-Indic digits', () => {
    const toStudent = lessonNotice('tutorDidNotAttend', {
      ...lesson,
      to: 'student',
      recipient: { name: 'سارة', gender: 'female' },
      other: { name: 'منى', gender: 'female' },
    });
    expect(toStudent.subject).toBe('درس لم تحضره المعلّمة');
    expect(toStudent.text).toContain('لأن المعلّمة لم تحضر');
    expect(toStudent.text).toContain('درس ٣٠ دقيقة');
    expect(toStudent.text).not.toMatch(WESTERN_DIGIT);
    const toTutor = lessonNotice('tutorDidNotAttend', {
      ...lesson,
      to: 'tutor',
      recipient: { name: 'منى', gender: 'female' },
      other: { name: 'سارة', gender: 'female' },
    });
    expect(toTutor.text).toContain('لم تحضريه');
  });

  it('tell each member the lesson starts now, addressed as a woman or a man', () => {
    const toStudent = lessonNotice('startingNow', {
      ...lesson,
      to: 'student',
      recipient: { name: 'سارة', gender: 'female' },
      other: { name: 'أحمد', gender: 'male' },
    });
    expect(toStudent.subject).toBe('درسك يبدأ الآن');
    expect(toStudent.text).toContain('مع أحمد');
    expect(toStudent.text).toContain('ادخلي الدرس');
    expect(toStudent.text).not.toMatch(WESTERN_DIGIT);
    const toTutor = lessonNotice('startingNow', {
      ...lesson,
      to: 'tutor',
      recipient: { name: 'أحمد', gender: 'male' },
      other: { name: 'سارة', gender: 'female' },
    });
    expect(toTutor.text).toContain('ادخل الدرس');
  });
});
