import { describe, expect, it } from 'vitest';
import { judgeNetwork, SLOW_ROUND_TRIP_MS, WEAK_UPLOAD_KBPS } from './network-check.ts';

describe('judging a network before the call', () => {
  it('finds a network that lets UDP out, answers fast and uploads well good', () => {
    expect(judgeNetwork({ exit: 'udp', roundTripMs: 40, uploadKbps: 3000 })).toEqual({ verdict: 'good', advice: [] });
    // nothing to test against (no relay configured): judged on what was measured
    expect(judgeNetwork({ exit: null, roundTripMs: 40, uploadKbps: 3000 }).verdict).toBe('good');
  });

  it('says the call goes through the relay on a network that lets only TCP or HTTPS out', () => {
    for (const exit of ['tcp', 'tls'] as const)
      expect(judgeNetwork({ exit, roundTripMs: 40, uploadKbps: 3000 })).toEqual({
        verdict: 'fair',
        advice: ['relayed'],
      });
  });

  it('keeps audio only below the upload video needs, and names every reason', () => {
    expect(judgeNetwork({ exit: 'udp', roundTripMs: 40, uploadKbps: WEAK_UPLOAD_KBPS - 1 })).toEqual({
      verdict: 'audioOnly',
      advice: ['weakUpload'],
    });
    expect(judgeNetwork({ exit: 'tls', roundTripMs: SLOW_ROUND_TRIP_MS + 1, uploadKbps: 500 })).toEqual({
      verdict: 'fair',
      advice: ['relayed', 'slowRoundTrip', 'weakUpload'],
    });
  });

  it('sends a member whose network reaches no relay to another network', () => {
    expect(judgeNetwork({ exit: 'none', roundTripMs: 40, uploadKbps: 3000 })).toEqual({
      verdict: 'blocked',
      advice: ['otherNetwork'],
    });
  });
});
