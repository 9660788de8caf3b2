import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs` (the session's countdowns and window). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "mm:ss", or "h:mm:ss" past an hour, in the locale's digits, isolated left-to-right inside Arabic text. */
export function countdownText(ms: number, formatNumber: (n: number, o?: Intl.NumberFormatOptions) => string): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  const text = h > 0 ? `${formatNumber(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  return `\u2066${text}\u2069`;
}
