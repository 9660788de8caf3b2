import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkNetwork, GATHER_WITHIN_MS, networkExit } from './network-check.ts';

type Candidate = { type: string; protocol: string; relayProtocol?: string };

/** A peer connection that hands out `candidates` (with the URL of the server each came from) once its offer is set. */
function peerConnectionGathering(candidates: Array<Candidate & { url: string }>, complete = true) {
  return class {
    onicecandidate: ((event: { candidate: Candidate | null; url?: string }) => void) | null = null;
    closed = false;
    createDataChannel() {}
    async createOffer() {
      return { type: 'offer', sdp: 'v=0' };
    }
    async setLocalDescription() {
      queueMicrotask(() => {
        for (const { url, ...candidate } of candidates) this.onicecandidate?.({ candidate, url });
        if (complete) this.onicecandidate?.({ candidate: null });
      });
    }
    close() {
      this.closed = true;
    }
  } as unknown as typeof RTCPeerConnection;
}

const TURN = [{ urls: ['turn:turn.test:3478?transport=udp', 'turns:turn.test:443?transport=tcp'] }];

afterEach(() => vi.useRealTimers());

describe('the pre-lesson check', () => {
  it('says nothing of the way out when no relay is configured to test against', async () => {
    const PeerConnection = peerConnectionGathering([]);
    expect(await networkExit({ iceServers: [{ urls: ['stun:stun.test:3478'] }], PeerConnection })).toBeNull();
  });

  it('finds the best way out the candidates show: UDP, else TCP, else TLS', async () => {
    const exitOf = (candidates: Array<Candidate & { url: string }>) =>
      networkExit({ iceServers: TURN, PeerConnection: peerConnectionGathering(candidates) });
    const udp = { type: 'srflx', protocol: 'udp', url: 'turn:turn.test:3478?transport=udp' };
    const tcp = { type: 'relay', protocol: 'udp', relayProtocol: 'tcp', url: 'turn:turn.test:3478?transport=tcp' };
    const tls = { type: 'relay', protocol: 'udp', url: 'turns:turn.test:443?transport=tcp' };
    expect(await exitOf([tls, tcp, udp])).toBe('udp');
    expect(await exitOf([tls, tcp])).toBe('tcp');
    // a browser that does not name the relay's protocol: told by the server's URL
    expect(await exitOf([tls])).toBe('tls');
    expect(await exitOf([{ type: 'host', protocol: 'udp', url: '' }])).toBe('none');
  });

  it('takes a relay that answers nothing in time as unreachable', async () => {
    vi.useFakeTimers();
    const exit = networkExit({ iceServers: TURN, PeerConnection: peerConnectionGathering([], false) });
    await vi.advanceTimersByTimeAsync(GATHER_WITHIN_MS);
    expect(await exit).toBe('none');
  });

  it('times the upload, four times larger when the first went by fast, less the round trip', async () => {
    let clock = 0;
    const check = (msPerKilobyte: number) =>
      checkNetwork({
        iceServers: [],
        roundTrip: async () => 50,
        upload: async (data) => {
          clock += 50 + (data.length / 1024) * msPerKilobyte;
        },
        now: () => clock,
      });
    const uploads: number[] = [];
    // 1 Mbit/s: 64 KB in 524 ms, then 256 KB in about 2 s
    expect(await check(8.192)).toEqual({ exit: null, roundTripMs: 50, uploadKbps: 1000 });
    // 256 kbit/s: 64 KB takes 2 s, and that is enough to judge by
    const slow = await checkNetwork({
      iceServers: [],
      roundTrip: async () => null,
      upload: async (data) => {
        uploads.push(data.length);
        clock += (data.length / 1024) * 32;
      },
      now: () => clock,
    });
    expect(slow).toEqual({ exit: null, roundTripMs: null, uploadKbps: 256 });
    expect(uploads).toEqual([64 * 1024]);
  });

  it('gives no upload figure when the server would not take the upload', async () => {
    const check = await checkNetwork({
      iceServers: [],
      roundTrip: async () => 30,
      upload: async () => {
        throw new Error('too-many-requests');
      },
    });
    expect(check).toEqual({ exit: null, roundTripMs: 30, uploadKbps: null });
  });
});
