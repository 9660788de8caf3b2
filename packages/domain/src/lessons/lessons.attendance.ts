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
  /**
   * Of the lost seconds, those lost on the student's side alone: the tutor was in the call with media flowing, and
   * only her link dropped or only her browser reported media down. They go back to her, and are still paid to the
   * tutor: neither can then cut the other's minutes by what their own client says (the platform bears it, and
   * staff see it).
   */
  studentSideSeconds: number;
  /** The lesson's minutes charged to the student's weekly minutes. */
  chargedMinutes: number;
  /** The lesson's minutes given back to the student: its lost time, to the nearest minute. */
  returnedMinutes: number;
  /** The minutes the tutor is paid for: the lesson less what was lost on his side (absent, dropped, media down). */
  paidMinutes: number;
}

type Member = { inCall: boolean; media: boolean; left: boolean; came: boolean };
/**
 * A stretch of the lesson's time: both connected, the student's own (not come yet, or left by choice), lost on
 * the tutor's side (he is not in the call or his media is down), or lost on the student's side alone.
 */
type Stretch = { from: number; until: number; kind: 'connected' | 'hers' | 'lost' | 'studentSide' };
const DOWN: ReadonlyArray<Stretch['kind']> = ['lost', 'studentSide'];

const arrives = (kind: CallEventKind) => kind === 'join' || kind === 'reconnect';

/** The lesson's time from its start to `until` (its end at most), cut where the call's state changes. */
function stretchesOf(facts: AttendanceFacts, until: Date): Stretch[] {
  const start = facts.startsAt.getTime();
  const end = Math.min(facts.endsAt.getTime(), until.getTime());
  const reportsMedia = facts.events.some((e) => e.kind === 'media-up' || e.kind === 'media-down');
  const members = new Map<number, Member>([
    [facts.tutorId, { inCall: false, media: false, left: false, came: false }],
    [facts.studentId, { inCall: false, media: false, left: false, came: false }],
  ]);
  const tutor = members.get(facts.tutorId) as Member;
  const student = members.get(facts.studentId) as Member;
  const connected = (m: Member) => m.inCall && (m.media || !reportsMedia);

  const stretches: Stretch[] = [];
  let from = start;
  const account = (to: number) => {
    const until = Math.min(to, end);
    if (until > from) {
      const kind =
        connected(tutor) && connected(student)
          ? 'connected'
          : !student.came || student.left
            ? 'hers'
            : connected(tutor)
              ? 'studentSide'
              : 'lost';
      const last = stretches.at(-1);
      if (last?.kind === kind && last.until === from) last.until = until;
      else stretches.push({ from, until, kind });
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
  return stretches;
}

const studentCame = (facts: AttendanceFacts) =>
  facts.events.some((e) => e.userId === facts.studentId && arrives(e.kind));

/**
 * The measured attendance of a held lesson the tutor came to (a tutor who never came gives every minute back by the
 * no-show rule). Within the lesson's time, each second is:
 * - connected, when both are in the call and both report media flowing: charged and paid;
 * - the student's own, when she has not come yet or has left by choice (not a drop): charged and paid, the tutor
 *   waited;
 * - lost otherwise (a drop on either side, the tutor late or gone): given back to the student; and not paid,
 *   unless only the student's side was down (studentSideSeconds), which is what a client could claim alone.
 * A call with no media report at all (a client that does not report) counts being in the call as connected. A
 * student who never came is charged the whole lesson: the tutor was there (lessonSessionStatus).
 */
export function attendanceOf(facts: AttendanceFacts): Attendance {
  const duration = facts.durationMinutes;
  if (!studentCame(facts)) {
    const whole = { chargedMinutes: duration, returnedMinutes: 0, paidMinutes: duration };
    return { connectedSeconds: 0, lostSeconds: 0, studentSideSeconds: 0, ...whole };
  }
  const spent = { connected: 0, hers: 0, lost: 0, studentSide: 0 };
  for (const stretch of stretchesOf(facts, facts.endsAt)) spent[stretch.kind] += stretch.until - stretch.from;
  const seconds = (ms: number) => Math.min(duration * 60, Math.round(ms / 1000));
  const lostSeconds = seconds(spent.lost + spent.studentSide);
  const studentSideSeconds = seconds(spent.studentSide);
  const minutes = (lost: number) => Math.min(duration, Math.round(lost / 60));
  const returnedMinutes = minutes(lostSeconds);
  return {
    connectedSeconds: Math.round(spent.connected / 1000),
    lostSeconds,
    studentSideSeconds,
    chargedMinutes: duration - returnedMinutes,
    returnedMinutes,
    paidMinutes: duration - minutes(lostSeconds - studentSideSeconds),
  };
}

/**
 * Since when the student has been kept from her lesson without a break, at `now` (a drop on either side, the tutor
 * gone or not come yet); null while the call is connected, before she came, or after she left by choice.
 */
export function callDownSince(facts: AttendanceFacts, now: Date): Date | null {
  if (!studentCame(facts)) return null;
  const stretches = stretchesOf(facts, now);
  let first = stretches.length;
  // the stretches down at the end, lost on either side, back to the last moment the call was up
  while (first > 0 && DOWN.includes((stretches[first - 1] as Stretch).kind)) first -= 1;
  const down = stretches[first];
  const end = stretches.at(-1);
  return down && end?.until === Math.min(now.getTime(), facts.endsAt.getTime()) ? new Date(down.from) : null;
}

/**
 * A lesson whose call has been down for `maxDropMinutes` (a platform setting) ends then: waiting longer helps
 * nobody, and its minutes not taken go back to the student's week at once instead of at its scheduled end.
 */
export const endsForDrop = (downSince: Date | null, now: Date, maxDropMinutes: number): boolean =>
  downSince !== null && now.getTime() - downSince.getTime() >= maxDropMinutes * 60_000;

/** The tutor's earnings for a lesson: its price for the minutes paid, to the piastre. */
export const earnedPiastres = (pricePiastres: number, paidMinutes: number, durationMinutes: number): number =>
  Math.round((pricePiastres * paidMinutes) / durationMinutes);
