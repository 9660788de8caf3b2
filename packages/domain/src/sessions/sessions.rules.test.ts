import { describe, expect, it } from 'vitest';
import { isSessionOpen, joinStateOf, opensMinutesBeforeOf, sessionWindowOf } from './sessions.rules.ts';
import { SignalSchema } from './signalling.ts';

const startsAt = new Date('2025-03-02T10:00:00Z');
const endsAt = new Date('2025-03-02T10:30:00Z');
const plus = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);

describe('session window', () => {
  it('opens the given minutes before the start and closes at the end', () => {
    const window = sessionWindowOf(startsAt, endsAt, 10);
    expect(window.opensAt).toEqual(plus(-10));
    expect(isSessionOpen(window, plus(-10.01))).toBe(false);
    expect(isSessionOpen(window, plus(-10))).toBe(true);
    expect(isSessionOpen(window, plus(29.99))).toBe(true);
    expect(isSessionOpen(window, endsAt)).toBe(false);
    expect(opensMinutesBeforeOf({ startsAt: startsAt.toISOString(), joinOpensAt: window.opensAt.toISOString() })).toBe(
      10,
    );
  });
});

describe('join state', () => {
  const state = (now: Date, tutor: { present?: boolean; ever?: boolean } = {}) =>
    joinStateOf({
      now,
      startsAt,
      tutorPresent: tutor.present ?? false,
      tutorEverJoined: tutor.ever ?? false,
      noShowGraceMinutes: 5,
    });

  it('waits for the start, then for the tutor, then says the tutor did not attend', () => {
    expect(state(plus(-1))).toBe('waitingForStart');
    expect(state(plus(-1), { present: true, ever: true })).toBe('waitingForStart');
    expect(state(plus(0))).toBe('waitingForTutor');
    expect(state(plus(4.99))).toBe('waitingForTutor');
    expect(state(plus(5))).toBe('tutorDidNotAttend');
  });

  it('has no waiting state once the tutor is in, and waits again for a tutor who dropped', () => {
    expect(state(plus(1), { present: true, ever: true })).toBeNull();
    expect(state(plus(20), { present: false, ever: true })).toBe('waitingForTutor');
  });
});

describe('signals', () => {
  it('accepts offers, answers and candidates (end-of-candidates included) and nothing else', () => {
    for (const ok of [
      { type: 'offer', sdp: 'v=0' },
      { type: 'answer', sdp: 'v=0' },
      {
        type: 'candidate',
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      },
      { type: 'candidate', candidate: null },
    ]) {
      expect(SignalSchema.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      { type: 'offer' },
      { type: 'offer', sdp: '' },
      { type: 'rollback' },
      { type: 'answer', sdp: 'x', extra: 1 },
    ]) {
      expect(SignalSchema.safeParse(bad).success).toBe(false);
    }
  });
});
