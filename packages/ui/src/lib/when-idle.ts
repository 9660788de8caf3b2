/**
 * Runs `task` once the page is idle (after its first render and what the phone must do first), or after a short wait
 * where the browser has no requestIdleCallback (Safari). Answers the way to call it off.
 */
export function whenIdle(task: () => void, { timeout = 2000 }: { timeout?: number } = {}): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 500);
  return () => clearTimeout(handle);
}
