/**
 * What the live room records of a member: a join, a leave, a lost connection (drop), a return after one, and media
 * flowing to the other member or not (`media-up`, `media-down`, as the member's client reports its peer connection).
 */
export const CALL_EVENT_KINDS = ['join', 'leave', 'drop', 'reconnect', 'media-up', 'media-down'] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

export interface CallEvent {
  userId: number;
  kind: CallEventKind;
  at: Date;
}

/** One person's time in a call, read from the room's events (a dispute is settled from these). */
export interface Presence {
  userId: number;
  presentSeconds: number;
  firstJoinedAt: Date | null;
  lastLeftAt: Date | null;
  drops: number;
}

const opens = (kind: CallEventKind) => kind === 'join' || kind === 'reconnect';

/**
 * Time present per person: from a join or reconnect to the next leave or drop. A person still in the room when
 * the record is read (or when the call closed without their leave) is counted until `until`.
 */
export function presenceOf(events: readonly CallEvent[], until: Date): Presence[] {
  const byUser = new Map<number, Presence & { since: number | null }>();
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of sorted) {
    const at = event.at.getTime();
    let p = byUser.get(event.userId);
    if (!p) {
      p = { userId: event.userId, presentSeconds: 0, firstJoinedAt: null, lastLeftAt: null, drops: 0, since: null };
      byUser.set(event.userId, p);
    }
    if (event.kind === 'media-up' || event.kind === 'media-down') continue;
    if (opens(event.kind)) {
      p.firstJoinedAt ??= event.at;
      p.since ??= at;
      continue;
    }
    if (event.kind === 'drop') p.drops += 1;
    if (p.since !== null) p.presentSeconds += Math.max(0, Math.floor((at - p.since) / 1000));
    p.since = null;
    p.lastLeftAt = event.at;
  }
  return [...byUser.values()].map(({ since, ...p }) => ({
    ...p,
    presentSeconds: p.presentSeconds + (since === null ? 0 : Math.max(0, Math.floor((until.getTime() - since) / 1000))),
  }));
}
