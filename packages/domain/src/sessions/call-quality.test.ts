import { describe, expect, it } from 'vitest';
import { type CallQualitySample, summarizeCallQuality } from './call-quality.ts';

const sample = (patch: Partial<CallQualitySample>): CallQualitySample => ({
  userId: 7,
  seconds: 15,
  path: { candidateType: 'host', protocol: 'udp', relayProtocol: null },
  rttMs: 40,
  lossPercent: 0,
  jitterMs: 5,
  sendKbps: 900,
  receiveKbps: 800,
  freezes: 0,
  audioOnlySeconds: 0,
  iceFailures: 0,
  ...patch,
});

describe('summarizeCallQuality', () => {
  it('sums each member up: median round trip, loss and bitrate over time, the last path, freezes counted', () => {
    const relay = { candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' } as const;
    const summary = summarizeCallQuality([
      sample({ rttMs: 40 }),
      sample({ rttMs: 900, lossPercent: 10, receiveKbps: 200, seconds: 5, freezes: 2, iceFailures: 1 }),
      sample({ rttMs: 60, path: relay, audioOnlySeconds: 15, lossPercent: null }),
      sample({ userId: 9, rttMs: null, receiveKbps: null, path: null }),
    ]);
    expect(summary).toEqual([
      {
        userId: 7,
        seconds: 35,
        path: relay,
        relayed: true,
        rttMs: 60,
        // (0·15 + 10·5) / 20 s measured
        lossPercent: 2.5,
        // (800·15 + 200·5 + 800·15) / 35 s
        receiveKbps: 714,
        freezes: 2,
        audioOnlySeconds: 15,
        iceFailures: 1,
      },
      {
        userId: 9,
        seconds: 15,
        path: null,
        relayed: false,
        rttMs: null,
        lossPercent: 0,
        receiveKbps: null,
        freezes: 0,
        audioOnlySeconds: 0,
        iceFailures: 0,
      },
    ]);
  });
});
