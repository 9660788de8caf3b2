/** `scheduler.yield()` (Chromium, Firefox), not yet in TypeScript's DOM library. */
declare const scheduler: { yield?: () => Promise<void> } | undefined;

/**
 * Ends the browser's current task: what follows runs in a new one, after the browser had its turn (input, paint).
 * A phone's start-up split this way is several short tasks instead of one long one that blocks her taps.
 */
export function nextTask(): Promise<void> {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
