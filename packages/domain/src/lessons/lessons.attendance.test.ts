import { describe, expect, it } from 'vitest';
import { attendanceOf, callDownSince, earnedPiastres, endsForDrop } from './lessons.attendance.ts';
import type { CallEvent } from './lessons.presence.ts';

const TUTOR = 9;
const STUDENT = 7;
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 2, 4, 8, minute, second));
const e = (userId: number, kind: CallEvent['kind'], minute: number, second = 0): CallEvent => ({
  userId,
  kind,
  at: at(minute, second),
});
const lesson = (events: CallEvent[]) =>
  attendanceOf({ events, tutorId: TUTOR, studentId: STUDENT, startsAt: at(0), endsAt: at(30), durationMinutes: 30 });
/** Both in from the start with media flowing (each side reports its own connection). */
const bothIn = (minute = 0) => [
  e(TUTOR, 'join', minute),
  e(STUDENT, 'join', minute),
  e(TUTOR, 'media-up', minute, 2),
  e(STUDENT, 'media-up', minute, 2),
];

describe('attendanceOf', () => {
  it('charges a whole lesson held without a drop (a few seconds to connect are not counted against anyone)', () => {
    expect(lesson(bothIn())).toEqual({
      connectedSeconds: 30 * 60 - 2,
      lostSeconds: 2,
      studentSideSeconds: 0,
      chargedMinutes: 30,
      returnedMinutes: 0,
      paidMinutes: 30,
    });
  });

  it('gives back the minutes a drop took, whichever side dropped, and charges the rest', () => {
    const studentDrop = lesson([
      ...bothIn(),
      e(STUDENT, 'drop', 10),
      e(STUDENT, 'reconnect', 14),
      e(STUDENT, 'media-up', 14),
    ]);
    // her link alone dropped (the tutor stayed connected): her minutes back, his paid all the same
    expect(studentDrop).toMatchObject({ returnedMinutes: 4, chargedMinutes: 26, paidMinutes: 30 });
    const mediaOnly = lesson([...bothIn(), e(TUTOR, 'media-down', 10), e(TUTOR, 'media-up', 13, 30)]);
    expect(mediaOnly).toMatchObject({
      lostSeconds: 3 * 60 + 32,
      studentSideSeconds: 0,
      returnedMinutes: 4,
      chargedMinutes: 26,
      paidMinutes: 26,
    });
    // a real drop takes both sides' connections down: both report it, and it is lost to both
    const bothSides = lesson([
      ...bothIn(),
      e(STUDENT, 'media-down', 10),
      e(TUTOR, 'media-down', 10, 3),
      e(TUTOR, 'media-up', 15),
      e(STUDENT, 'media-up', 15, 1),
    ]);
    expect(bothSides).toMatchObject({ studentSideSeconds: 4, chargedMinutes: 25, paidMinutes: 25 });
  });

  it('gives a student her own report of a drop back, but lets no client cut the tutor’s pay by its word alone', () => {
    // her client says media is down for 20 minutes while the tutor's says it flows
    const claimed = lesson([...bothIn(), e(STUDENT, 'media-down', 5), e(STUDENT, 'media-up', 25)]);
    expect(claimed).toMatchObject({ studentSideSeconds: 20 * 60, chargedMinutes: 10, paidMinutes: 30 });
    // the tutor's own report of a drop costs him the minutes, as it gives them back to her
    const his = lesson([...bothIn(), e(TUTOR, 'media-down', 5), e(TUTOR, 'media-up', 25)]);
    expect(his).toMatchObject({ studentSideSeconds: 0, chargedMinutes: 10, paidMinutes: 10 });
  });

  it('gives back the minutes the tutor was late, and charges the student her own lateness', () => {
    const tutorLate = lesson([
      e(STUDENT, 'join', 0),
      e(TUTOR, 'join', 6),
      e(TUTOR, 'media-up', 6),
      e(STUDENT, 'media-up', 6),
    ]);
    expect(tutorLate).toMatchObject({ returnedMinutes: 6, chargedMinutes: 24 });
    const studentLate = lesson([
      e(TUTOR, 'join', 0),
      e(STUDENT, 'join', 8),
      e(TUTOR, 'media-up', 8),
      e(STUDENT, 'media-up', 8),
    ]);
    expect(studentLate).toMatchObject({ connectedSeconds: 22 * 60, returnedMinutes: 0, chargedMinutes: 30 });
  });

  it('charges the time after the student left by choice, and gives back what the tutor left', () => {
    expect(lesson([...bothIn(), e(STUDENT, 'leave', 20)])).toMatchObject({ chargedMinutes: 30, returnedMinutes: 0 });
    expect(lesson([...bothIn(), e(TUTOR, 'leave', 20)])).toMatchObject({
      chargedMinutes: 20,
      returnedMinutes: 10,
      paidMinutes: 20,
    });
  });

  it('counts only the lesson’s own time: minutes in the call before it starts or after it ends change nothing', () => {
    expect(
      lesson([...bothIn(-5), e(TUTOR, 'drop', -3), e(TUTOR, 'reconnect', -1), e(TUTOR, 'media-up', -1)]),
    ).toMatchObject({
      connectedSeconds: 30 * 60,
      chargedMinutes: 30,
    });
  });

  it('charges a student who never came the whole lesson, and counts presence as connected without media reports', () => {
    expect(lesson([e(TUTOR, 'join', 0)])).toEqual({
      connectedSeconds: 0,
      lostSeconds: 0,
      studentSideSeconds: 0,
      chargedMinutes: 30,
      returnedMinutes: 0,
      paidMinutes: 30,
    });
    const withoutReports = lesson([
      e(TUTOR, 'join', 0),
      e(STUDENT, 'join', 0),
      e(TUTOR, 'drop', 5),
      e(TUTOR, 'reconnect', 15),
    ]);
    expect(withoutReports).toMatchObject({ connectedSeconds: 20 * 60, returnedMinutes: 10, chargedMinutes: 20 });
  });

  it('gives back the whole lesson when the call never connected', () => {
    expect(lesson([e(TUTOR, 'join', 0), e(STUDENT, 'join', 0), e(TUTOR, 'media-down', 1)])).toMatchObject({
      connectedSeconds: 0,
      chargedMinutes: 0,
      returnedMinutes: 30,
    });
  });
});

describe('earnedPiastres', () => {
  it('pays the tutor the lesson’s price for the minutes paid', () => {
    expect(earnedPiastres(9_000, 30, 30)).toBe(9_000);
    expect(earnedPiastres(9_000, 26, 30)).toBe(7_800);
    expect(earnedPiastres(1_000, 7, 15)).toBe(467);
    expect(earnedPiastres(9_000, 0, 30)).toBe(0);
  });
});

describe('callDownSince and endsForDrop', () => {
  const facts = (events: CallEvent[]) => ({
    events,
    tutorId: TUTOR,
    studentId: STUDENT,
    startsAt: at(0),
    endsAt: at(30),
    durationMinutes: 30,
  });

  it('dates a drop still going from its start, whichever side dropped, and ends the lesson at the limit', () => {
    const events = [...bothIn(), e(TUTOR, 'media-down', 5), e(STUDENT, 'drop', 6)];
    expect(callDownSince(facts(events), at(14))).toEqual(at(5));
    expect(endsForDrop(at(5), at(14, 59), 10)).toBe(false);
    expect(endsForDrop(at(5), at(15), 10)).toBe(true);
    // the call came back meanwhile: nothing is down, and a new drop counts from its own start
    const back = [...events, e(STUDENT, 'reconnect', 8), e(STUDENT, 'media-up', 8), e(TUTOR, 'media-up', 8)];
    expect(callDownSince(facts(back), at(14))).toBeNull();
    expect(callDownSince(facts([...back, e(TUTOR, 'drop', 12)]), at(14))).toEqual(at(12));
  });

  it('counts a tutor who has not come as down from the start, and nothing before the student came or after she left', () => {
    expect(callDownSince(facts([e(STUDENT, 'join', 0)]), at(12))).toEqual(at(0));
    expect(callDownSince(facts([e(TUTOR, 'join', 0)]), at(12))).toBeNull();
    expect(callDownSince(facts([...bothIn(), e(STUDENT, 'leave', 3)]), at(20))).toBeNull();
    expect(endsForDrop(null, at(29), 10)).toBe(false);
  });
});
