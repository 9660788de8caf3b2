import { describe, expect, it } from 'vitest';
import { type CallEvent, presenceOf } from './lessons.presence.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 4, 8, minute));
const event = (userId: number, kind: CallEvent['kind'], minute: number): CallEvent => ({
  userId,
  kind,
  at: at(minute),
});

describe('presenceOf', () => {
  it('counts from each join or return to the next leave or drop, per person', () => {
    const [student] = presenceOf(
      [event(7, 'join', 5), event(7, 'drop', 10), event(7, 'reconnect', 12), event(7, 'leave', 30)],
      at(30),
    );
    expect(student).toEqual({ userId: 7, presentSeconds: 23 * 60, firstJoinedAt: at(5), lastLeftAt: at(30), drops: 1 });
  });

  it('counts a person still in the room until the given end, and reads events in time order', () => {
    const [tutor] = presenceOf([event(9, 'leave', 20), event(9, 'join', 0), event(9, 'reconnect', 25)], at(30));
    expect(tutor).toMatchObject({ presentSeconds: 25 * 60, lastLeftAt: at(20), drops: 0 });
  });

  it('ignores a second join while already in, and a leave without a join', () => {
    const [p] = presenceOf(
      [event(3, 'leave', 1), event(3, 'join', 2), event(3, 'join', 4), event(3, 'leave', 6)],
      at(30),
    );
    expect(p?.presentSeconds).toBe(4 * 60);
  });
});
