import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEAK_LINK, WeakLinkGuard } from './weak-link.ts';

/** A connection whose estimate of what it may send is `kbps.now`, with one video sender. */
function connection() {
  const kbps = { now: 3000 };
  const encodings = [{ active: true }];
  const pc = {
    getStats: async () =>
      new Map<string, Record<string, unknown>>([
        ['T', { id: 'T', type: 'transport', selectedCandidatePairId: 'P' }],
        ['P', { id: 'P', type: 'candidate-pair', availableOutgoingBitrate: kbps.now * 1000 }],
      ]),
    getSenders: () => [
      {
        track: { kind: 'video' },
        getParameters: () => ({ encodings: encodings.map((e) => ({ ...e })) }),
        setParameters: async (p: { encodings: Array<{ active: boolean }> }) => {
          encodings.splice(0, encodings.length, ...p.encodings);
        },
      },
    ],
  } as unknown as RTCPeerConnection;
  return { pc, kbps, sending: () => encodings[0]?.active };
}

afterEach(() => vi.useRealTimers());

describe('weak link guard', () => {
  it('pauses the video on a weak upload, tries it again later, and keeps it once the link is back', async () => {
    vi.useFakeTimers();
    const { pc, kbps, sending } = connection();
    const changes: boolean[] = [];
    const guard = new WeakLinkGuard({ pc, onChange: (weak) => changes.push(weak) });
    guard.start();
    // a capped link: the estimate swings around 250 kbit/s
    kbps.now = 250;
    await vi.advanceTimersByTimeAsync(WEAK_LINK.graceMs - WEAK_LINK.everyMs);
    expect(sending()).toBe(true); // judged only after the grace
    await vi.advanceTimersByTimeAsync(WEAK_LINK.everyMs * WEAK_LINK.readings);
    expect(changes).toEqual([true]);
    expect(sending()).toBe(false);

    // tried again after the retry time, and paused again while the link stays weak
    await vi.advanceTimersByTimeAsync(WEAK_LINK.retryAfterMs);
    expect(changes).toEqual([true, false]);
    expect(sending()).toBe(true);
    await vi.advanceTimersByTimeAsync(WEAK_LINK.graceMs + WEAK_LINK.everyMs * WEAK_LINK.readings);
    expect(changes).toEqual([true, false, true]);

    // the next retry waits twice as long; the link is back by then, and the video stays
    kbps.now = 3000;
    await vi.advanceTimersByTimeAsync(WEAK_LINK.retryAfterMs);
    expect(changes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(WEAK_LINK.retryAfterMs);
    expect(changes).toEqual([true, false, true, false]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes).toHaveLength(4);
    expect(sending()).toBe(true);
    guard.stop();
  });

  it('leaves a good link alone, however low one reading is', async () => {
    vi.useFakeTimers();
    const { pc, kbps, sending } = connection();
    const changes: boolean[] = [];
    const guard = new WeakLinkGuard({ pc, onChange: (weak) => changes.push(weak) });
    guard.start();
    await vi.advanceTimersByTimeAsync(WEAK_LINK.graceMs);
    kbps.now = 100;
    await vi.advanceTimersByTimeAsync(WEAK_LINK.everyMs);
    kbps.now = 1500;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(changes).toEqual([]);
    expect(sending()).toBe(true);
    guard.stop();
  });
});
