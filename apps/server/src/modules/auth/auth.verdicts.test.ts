import { Role } from '@darsak/domain/users';
import { describe, expect, it, vi } from 'vitest';
import { memoryInvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import { createSessionVerdicts, SESSION_VERDICT_TTL_MS, type SessionVerdict } from './auth.verdicts.ts';

const now = new Date('2026-03-01T10:00:00Z');
const live = (userId: number): SessionVerdict => ({
  userId,
  role: Role.student,
  expiresAt: new Date(now.getTime() + 3_600_000),
});

function setUp() {
  let wall = 1_000_000;
  const verdicts = createSessionVerdicts(memoryInvalidationBus(), () => wall);
  const pass = (ms: number) => {
    wall += ms;
  };
  return { verdicts, pass };
}

describe('session verdicts', () => {
  it('reads a live session once, then answers from memory', async () => {
    const { verdicts } = setUp();
    const load = vi.fn(async () => live(1));
    for (let i = 0; i < 3; i++) expect(await verdicts.read('s1', now, load)).toEqual(live(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a refusal', async () => {
    const { verdicts } = setUp();
    const load = vi.fn(async () => null);
    await verdicts.read('s1', now, load);
    await verdicts.read('s1', now, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads again once the session expired, or the TTL passed', async () => {
    const { verdicts, pass } = setUp();
    const load = vi.fn(async () => live(1));
    await verdicts.read('s1', now, load);
    await verdicts.read('s1', new Date(now.getTime() + 3_600_000), load);
    expect(load).toHaveBeenCalledTimes(2);
    pass(SESSION_VERDICT_TTL_MS + 1);
    await verdicts.read('s1', now, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('forgets one session, or every session of a user, at once', async () => {
    const { verdicts } = setUp();
    const load = vi.fn(async () => live(1));
    const other = vi.fn(async () => live(2));
    await verdicts.read('a', now, load);
    await verdicts.read('b', now, load);
    await verdicts.read('c', now, other);
    await verdicts.forgetSession('a');
    await verdicts.read('a', now, load);
    await verdicts.read('b', now, load);
    expect(load).toHaveBeenCalledTimes(3);
    await verdicts.forgetUser(1);
    await verdicts.read('a', now, load);
    await verdicts.read('b', now, load);
    await verdicts.read('c', now, other);
    expect(load).toHaveBeenCalledTimes(5);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('does not keep what a read saw when a revocation was told while it ran', async () => {
    const { verdicts } = setUp();
    let release: (verdict: SessionVerdict) => void = () => undefined;
    const slow = new Promise<SessionVerdict>((resolve) => {
      release = resolve;
    });
    const inFlight = verdicts.read('s1', now, () => slow);
    await verdicts.forgetUser(1);
    release(live(1));
    await inFlight;
    const load = vi.fn(async () => null);
    expect(await verdicts.read('s1', now, load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
