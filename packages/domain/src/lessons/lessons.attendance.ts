import type { CallEvent, CallEventKind } from './lessons.presence.ts';

export interface AttendanceFacts {
  /** The lesson's call: its members' arrivals and departures, and media going up and down. */
  events: readonly CallEvent[];
  tutorId: number;
  studentId: number;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
}

/** How a held lesson's minutes were spent, measured from its call. */
export interface Attendance {
  /** Seconds of the lesson both members were in the call with media flowing between them. */
  connectedSeconds: number;
  /**
   * Seconds the student was kept from her lesson: after she came, and not by her leaving, the call was down (a
   * drop on either side, the tutor late or gone). They are given back.
   */
  lostSeconds: number;
  /** The lesson's minutes charged to the student's weekly minutes, and paid to the tutor. */
  chargedMinutes: number;
  /** The lesson's minutes given back to the student (and not paid): its lost time, to the nearest minute. */
  returnedMinutes: number;
}

type Member = { inCall: boolean; media: boolean; left: boolean; came: boolean };

const arrives = (kind: CallEventKind) => kind === 'join' || kind === 'reconnect';

/**
 * The measured attendance of a held lesson the tutor came to (a tutor who never came gives every minute back by the
 * no-show rule). Within the lesson's time, each second is:
 * - connected, when both are in the call and both report media flowing: charged;
 * - the student's own, when she has not come yet or has left by choice (not a drop): charged, the tutor waited;
 * - lost otherwise (a drop on either side, the tutor late or gone): given back.
 * A call with no media report at all (a client that does not report) counts being in the call as connected. A
 * student who never came is charged the whole lesson: the tutor was there (lessonSessionStatus).
 */
export function attendanceOf(facts: AttendanceFacts): Attendance {
  const start = facts.startsAt.getTime();
  const end = facts.endsAt.getTime();
  const reportsMedia = facts.events.some((e) => e.kind === 'media-up' || e.kind === 'media-down');
  const members = new Map<number, Member>([
    [facts.tutorId, { inCall: false, media: false, left: false, came: false }],
    [facts.studentId, { inCall: false, media: false, left: false, came: false }],
  ]);
  const tutor = members.get(facts.tutorId) as Member;
  const student = members.get(facts.studentId) as Member;
  const connected = (m: Member) => m.inCall && (m.media || !reportsMedia);

  let connectedMs = 0;
  let lostMs = 0;
  let from = start;
  const account = (until: number) => {
    const span = Math.min(until, end) - Math.max(from, start);
    if (span > 0) {
      if (connected(tutor) && connected(student)) connectedMs += span;
      else if (student.came && !student.left) lostMs += span;
    }
    from = Math.max(from, until);
  };

  const sorted = [...facts.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of sorted) {
    const member = members.get(event.userId);
    if (!member) continue;
    account(event.at.getTime());
    if (arrives(event.kind)) Object.assign(member, { inCall: true, media: false, left: false, came: true });
    else if (event.kind === 'leave' || event.kind === 'drop') {
      Object.assign(member, { inCall: false, media: false, left: event.kind === 'leave' });
    } else if (member.inCall) member.media = event.kind === 'media-up';
  }
  account(end);

  const durationSeconds = facts.durationMinutes * 60;
  if (!sorted.some((e) => e.userId === facts.studentId && arrives(e.kind))) {
    return { connectedSeconds: 0, lostSeconds: 0, chargedMinutes: facts.durationMinutes, returnedMinutes: 0 };
  }
  const lostSeconds = Math.min(durationSeconds, Math.round(lostMs / 1000));
  const returnedMinutes = Math.min(facts.durationMinutes, Math.round(lostSeconds / 60));
  return {
    connectedSeconds: Math.round(connectedMs / 1000),
    lostSeconds,
    chargedMinutes: facts.durationMinutes - returnedMinutes,
    returnedMinutes,
  };
}

/** The tutor's earnings for a lesson: its price for the minutes charged, to the piastre. */
export const earnedPiastres = (pricePiastres: number, chargedMinutes: number, durationMinutes: number): number =>
  Math.round((pricePiastres * chargedMinutes) / durationMinutes);
