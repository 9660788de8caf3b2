/** Injected time source so rules with time limits are testable with a fixed clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and move forward. */
export function manualClock(start: Date | string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to: Date | string) => {
      current = new Date(to);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
