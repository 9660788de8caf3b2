export interface FreeTime {
  startsAt: string;
  endsAt: string;
}

export interface BookableDay {
  /** YYYY-MM-DD in the shown time zone. */
  key: string;
  /** Any instant of that day (its first free time, or noon UTC), for formatting. */
  at: string;
  times: FreeTime[];
}

const MS_PER_DAY = 86_400_000;

/**
 * The calendar days from `from` to `to` (inclusive, as the given `dayKey` reads them), each with its free times
 * in order. Days without free times are kept, so a week reads as a week.
 */
export function groupTimesByDay(
  times: readonly FreeTime[],
  window: { from: string | number | Date; to: string | number | Date },
  dayKey: (value: string | number | Date) => string,
): BookableDay[] {
  const byKey = new Map<string, FreeTime[]>();
  for (const time of [...times].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const key = dayKey(time.startsAt);
    const list = byKey.get(key);
    if (list) list.push(time);
    else byKey.set(key, [time]);
  }
  const days: BookableDay[] = [];
  const seen = new Set<string>();
  const first = new Date(window.from).getTime();
  const last = new Date(window.to).getTime();
  // Step in half days so every calendar day is met whatever the zone's offset and daylight saving.
  for (let at = first; at <= last + MS_PER_DAY / 2; at += MS_PER_DAY / 2) {
    const instant = Math.min(at, last);
    const key = dayKey(instant);
    if (seen.has(key)) continue;
    seen.add(key);
    const dayTimes = byKey.get(key) ?? [];
    days.push({ key, at: dayTimes[0]?.startsAt ?? new Date(instant).toISOString(), times: dayTimes });
  }
  // Times outside the window (should not happen) still get their day.
  for (const [key, dayTimes] of byKey) {
    if (!seen.has(key)) days.push({ key, at: dayTimes[0]?.startsAt ?? '', times: dayTimes });
  }
  return days.sort((a, b) => a.key.localeCompare(b.key));
}
