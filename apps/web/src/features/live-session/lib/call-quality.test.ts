import { afterEach, describe, expect, it, vi } from 'vitest';
import { QualityReporter, qualityBetween, readStats } from './call-quality.ts';

/** A getStats report as Chromium gives it: RTP both ways, the transport and its selected pair over the relay. */
function statsReport(totals: { sent: number; received: number; packets: number; lost: number; freezes: number }) {
  const stats = [
    { id: 'T', type: 'transport', selectedCandidatePairId: 'P' },
    { id: 'P', type: 'candidate-pair', localCandidateId: 'L', currentRoundTripTime: 0.1234 },
    { id: 'L', type: 'local-candidate', candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' },
    {
      id: 'A',
      type: 'inbound-rtp',
      kind: 'audio',
      bytesReceived: 1000,
      packetsReceived: 100,
      packetsLost: 0,
      jitter: 0.012,
    },
    {
      id: 'V',
      type: 'inbound-rtp',
      kind: 'video',
      bytesReceived: totals.received - 1000,
      packetsReceived: totals.packets - 100,
      packetsLost: totals.lost,
      freezeCount: totals.freezes,
    },
    { id: 'O', type: 'outbound-rtp', kind: 'video', bytesSent: totals.sent },
  ];
  return new Map(stats.map((s) => [s.id, s])) as unknown as RTCStatsReport;
}

afterEach(() => vi.useRealTimers());

describe('call quality', () => {
  it('reads the path in use, the round trip and the totals, and reports the difference of two readings', () => {
    const before = readStats(statsReport({ sent: 0, received: 1000, packets: 100, lost: 0, freezes: 0 }), 0);
    expect(before.path).toEqual({ candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' });
    expect(before.rttMs).toBe(123);
    expect(before.jitterMs).toBe(12);
    const now = readStats(
      statsReport({ sent: 750_000, received: 376_000, packets: 1000, lost: 100, freezes: 2 }),
      15_000,
    );
    expect(qualityBetween(before.totals, now, { audioOnlyMs: 4_400, iceFailures: 1 })).toEqual({
      seconds: 15,
      path: { candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' },
      rttMs: 123,
      // 100 lost of 1000 sent to us
      lossPercent: 10,
      jitterMs: 12,
      sendKbps: 400,
      receiveKbps: 200,
      freezes: 2,
      audioOnlySeconds: 4,
      iceFailures: 1,
    });
  });

  it('reports every interval once the connection is up, with the camera’s time off and the failures between', async () => {
    vi.useFakeTimers();
    let received = 1000;
    const pc = {
      getStats: vi.fn(async () => {
        received += 37_500; // 20 kbps over 15 s
        return statsReport({ sent: 0, received, packets: 100, lost: 0, freezes: 0 });
      }),
    } as unknown as RTCPeerConnection;
    const sent: Array<{ audioOnlySeconds: number; iceFailures: number; receiveKbps: number | null }> = [];
    const reporter = new QualityReporter({ pc, sendingVideo: true, everyMs: 15_000, send: (r) => sent.push(r) });
    reporter.iceFailed();
    reporter.start();
    await vi.advanceTimersByTimeAsync(5_000);
    reporter.videoChanged(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([expect.objectContaining({ audioOnlySeconds: 10, iceFailures: 1, receiveKbps: 20 })]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent[1]).toMatchObject({ audioOnlySeconds: 15, iceFailures: 0 });
    reporter.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
  });
});
