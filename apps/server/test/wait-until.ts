/**
 * Polls `condition` until it holds and fails naming `what` after `ms`: tests wait on facts with a deadline,
 * never on fixed sleeps, so a loaded machine makes them slower, not flaky.
 */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
