import { createFakeRealtimeServer, createRealtimeClient } from '@darsak/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSessionToken } from '../../../testing/session-fixtures.ts';
import {
  ANSWER_WITHIN_MS,
  connectedMsBetween,
  LiveCall,
  REJOIN_AFTER_FAILURE_MS,
  SOCKET_CHECK_EVERY_MS,
} from './live-call.ts';

/** Just enough of RTCPeerConnection to follow what the call does with it. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  connectionState = 'new';
  localDescription: { type: string; sdp: string } | null = null;
  remote: Array<{ type: string; sdp: string }> = [];
  candidates: unknown[] = [];
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate = null;
  ontrack = null;
  oniceconnectionstatechange = null;
  onconnectionstatechange = null;
  onsignalingstatechange = null;
  onicecandidateerror = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTrack() {}
  getSenders() {
    return [];
  }
  getTransceivers() {
    return [];
  }
  async setLocalDescription() {
    this.localDescription = { type: this.signalingState === 'have-remote-offer' ? 'answer' : 'offer', sdp: 'v=0 fake' };
    this.signalingState = this.localDescription.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote.push(description);
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  restartIce() {}
  /** Media from the other member arrives: each reading of the stats has more bytes. */
  receiving = false;
  private bytesReceived = 0;
  async getStats() {
    if (this.receiving) this.bytesReceived += 1000;
    return new Map([['in', { id: 'in', type: 'inbound-rtp', bytesReceived: this.bytesReceived }]]);
  }
  close() {
    this.closed = true;
  }
}

/** The connection's state moves to `state`, as the browser would tell the call. */
function moveTo(pc: FakePeerConnection | undefined, state: string) {
  if (!pc) throw new Error('no peer connection');
  pc.connectionState = state;
  (pc.onconnectionstatechange as (() => void) | null)?.();
}

const token = makeSessionToken({
  token: 'join',
  expiresAt: '2030-01-01T00:00:00Z',
  iceServers: [],
  opensAt: '2030-01-01T00:00:00Z',
  startsAt: '2030-01-01T00:10:00Z',
  endsAt: '2030-01-01T00:40:00Z',
  noShowAt: '2030-01-01T00:15:00Z',
  joinState: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakePeerConnection.made = [];
});

const JOINED = { ok: true, data: { sessionId: 3, lessonId: 42, roomId: 4, joinState: null, peers: [9] } } as const;

/**
 * A call joined with the other member (9) already in, over a fake realtime server; `meanwhile` is what the server
 * sends before it answers the join.
 */
async function joinedCall(meanwhile: (server: ReturnType<typeof createFakeRealtimeServer>) => void = () => {}) {
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', class {});
  const server = createFakeRealtimeServer();
  const realtime = createRealtimeClient({ createSocket: server.factory });
  realtime.setToken('t');
  await new Promise((resolve) => setTimeout(resolve, 0));
  server.handle('session:join', () => {
    meanwhile(server);
    return JOINED;
  });
  const fetchToken = vi.fn(async () => token);
  const call = new LiveCall({
    userId: 7,
    realtime,
    fetchToken,
    localStream: null,
    media: { camera: true, microphone: false },
  });
  await call.join();
  return { server, realtime, call, fetchToken };
}

describe('live call', () => {
  it('keeps what the other member sends before its join is answered, and answers their offer', async () => {
    // The tutor saw us arrive and sent an offer while our join was on its way.
    const { server, realtime, call } = await joinedCall((server) => {
      server.push('session:peer-joined', { sessionId: 3, userId: 9, kind: 'join' });
      server.push('session:signal', {
        sessionId: 3,
        from: 9,
        signal: { type: 'offer', sdp: 'v=0 tutor' },
        route: { from: 'tutor-1', to: null },
      });
      server.push('session:media', { sessionId: 3, userId: 9, camera: false, microphone: true });
    });
    await vi.waitFor(() =>
      expect(server.received).toContainEqual({
        event: 'session:signal',
        payload: {
          sessionId: 3,
          signal: { type: 'answer', sdp: 'v=0 fake' },
          route: { from: expect.any(String), to: 'tutor-1' },
        },
      }),
    );
    // One connection only (their arrival was already in the answer), holding their offer.
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(FakePeerConnection.made[0]?.remote).toEqual([{ type: 'offer', sdp: 'v=0 tutor' }]);
    expect(call.getState()).toMatchObject({
      phase: 'joined',
      presence: 'present',
      peerId: 9,
      peerMedia: { camera: false, microphone: true },
    });

    // They drop and come back: a fresh connection; leaving closes it and tells the server.
    server.push('session:peer-left', { sessionId: 3, userId: 9, kind: 'drop' });
    expect(call.getState().presence).toBe('dropped');
    server.push('session:peer-joined', { sessionId: 3, userId: 9, kind: 'reconnect' });
    expect(FakePeerConnection.made).toHaveLength(2);
    expect(FakePeerConnection.made[0]?.closed).toBe(true);
    call.leave();
    expect(FakePeerConnection.made[1]?.closed).toBe(true);
    await vi.waitFor(() =>
      expect(server.received).toContainEqual({ event: 'session:leave', payload: { sessionId: 3 } }),
    );
    call.close();
    realtime.close();
  });

  it('rejoins with a fresh token after the socket comes back', async () => {
    const { server, realtime, call, fetchToken } = await joinedCall();
    server.drop();
    server.restore();
    await vi.waitFor(() => expect(fetchToken).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(call.getState()).toMatchObject({ phase: 'joined', rejoins: 1 }));
    expect(server.received.filter((r) => r.event === 'session:join')).toHaveLength(2);
    expect(FakePeerConnection.made).toHaveLength(2);
    call.close();
    realtime.close();
  });

  it('tells the server when media starts and stops flowing to the other member, afresh on each connection', async () => {
    const { server, realtime, call } = await joinedCall();
    const reports = () => server.received.filter((r) => r.event === 'session:connection').map((r) => r.payload);
    moveTo(FakePeerConnection.made[0], 'connected');
    moveTo(FakePeerConnection.made[0], 'connected');
    await vi.waitFor(() => expect(reports()).toEqual([{ sessionId: 3, flowing: true }]));
    moveTo(FakePeerConnection.made[0], 'disconnected');
    await vi.waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports()[1]).toEqual({ sessionId: 3, flowing: false });
    // the other member comes back: a new connection, reported again once it carries media
    server.push('session:peer-joined', { sessionId: 3, userId: 9, kind: 'reconnect' });
    moveTo(FakePeerConnection.made[1], 'connected');
    await vi.waitFor(() => expect(reports()).toHaveLength(3));
    expect(reports()[2]).toEqual({ sessionId: 3, flowing: true });
    call.close();
    realtime.close();
  });

  it('keeps a signal held up by a bad network away from the connection that replaced the one it was for', async () => {
    const { server, realtime, call } = await joinedCall();
    const mine = (index: number) => {
      const sent = server.received.filter((r) => r.event === 'session:signal')[index]?.payload as
        | { route: { from: string } }
        | undefined;
      return sent?.route.from;
    };
    // Our first connection offers.
    FakePeerConnection.made[0]?.onnegotiationneeded?.();
    await vi.waitFor(() => expect(mine(0)).toBeDefined());
    const first = mine(0);
    // They come back with a new connection, and our first connection's restart offer, sent before, arrives late.
    server.push('session:peer-joined', { sessionId: 3, userId: 9, kind: 'reconnect' });
    const late = { type: 'offer' as const, sdp: 'v=0 late restart' };
    server.push('session:signal', { sessionId: 3, from: 9, signal: late, route: { from: 'tutor-1', to: first ?? '' } });
    const fresh = { type: 'offer' as const, sdp: 'v=0 new connection' };
    server.push('session:signal', { sessionId: 3, from: 9, signal: fresh, route: { from: 'tutor-2', to: null } });
    await vi.waitFor(() => expect(FakePeerConnection.made[1]?.remote).toEqual([fresh]));
    // A candidate of their old connection after the new one paired: ignored too.
    server.push('session:signal', {
      sessionId: 3,
      from: 9,
      signal: { type: 'candidate', candidate: { candidate: 'old' } },
      route: { from: 'tutor-1', to: null },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakePeerConnection.made[1]?.candidates).toEqual([]);
    expect(FakePeerConnection.made).toHaveLength(2);
    call.close();
    realtime.close();
  });

  it('leaves a disconnected connection to its ICE restart, and rejoins only when it failed', async () => {
    const { realtime, call, fetchToken } = await joinedCall();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pc = FakePeerConnection.made[0];
      moveTo(pc, 'disconnected');
      await vi.advanceTimersByTimeAsync(REJOIN_AFTER_FAILURE_MS * 3);
      expect(call.getState()).toMatchObject({ phase: 'joined', rejoins: 0 });
      moveTo(pc, 'failed');
      await vi.advanceTimersByTimeAsync(REJOIN_AFTER_FAILURE_MS);
      expect(call.getState().rejoins).toBe(1);
      expect(fetchToken).toHaveBeenCalledTimes(2);
      call.close();
      realtime.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews a socket that answers nothing while the server does, once the call is down, and only then', async () => {
    const { server, realtime, call, fetchToken } = await joinedCall();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pc = FakePeerConnection.made[0];
      const renew = vi.spyOn(realtime, 'renew');
      // the network is gone: neither the socket nor a new request answers, and nothing is replaced
      server.handle('connection:check', () => new Promise(() => {}));
      fetchToken.mockImplementation(() => new Promise(() => {}));
      moveTo(pc, 'disconnected');
      await vi.advanceTimersByTimeAsync(SOCKET_CHECK_EVERY_MS * 4);
      expect(renew).not.toHaveBeenCalled();
      // the network is back and media arrives again, the old socket still catching up: left alone
      fetchToken.mockImplementation(async () => token);
      if (pc) pc.receiving = true;
      await vi.advanceTimersByTimeAsync(SOCKET_CHECK_EVERY_MS * 3);
      expect(renew).not.toHaveBeenCalled();
      // a new network: requests reach the server, the old socket stays silent, no media comes: it is replaced
      if (pc) pc.receiving = false;
      await vi.advanceTimersByTimeAsync(SOCKET_CHECK_EVERY_MS + ANSWER_WITHIN_MS * 3);
      expect(renew).toHaveBeenCalledTimes(1);
      call.close();
      realtime.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a socket that answers alone while the call is down', async () => {
    const { realtime, call, fetchToken } = await joinedCall();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const renew = vi.spyOn(realtime, 'renew');
      moveTo(FakePeerConnection.made[0], 'disconnected');
      await vi.advanceTimersByTimeAsync(SOCKET_CHECK_EVERY_MS * 5);
      expect(renew).not.toHaveBeenCalled();
      expect(fetchToken).toHaveBeenCalledTimes(1);
      call.close();
      realtime.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for audio only both ways, and follows the other member’s ask', async () => {
    const { server, realtime, call } = await joinedCall();
    const sent = () => server.received.filter((r) => r.event === 'session:media').map((r) => r.payload);
    call.setAudioOnly(true);
    expect(call.getState().audioOnly).toBe(true);
    await vi.waitFor(() => expect(sent().at(-1)).toMatchObject({ sessionId: 3, audioOnly: true }));
    call.setAudioOnly(false);
    await vi.waitFor(() => expect(sent().at(-1)).not.toHaveProperty('audioOnly'));
    server.push('session:media', { sessionId: 3, userId: 9, camera: true, microphone: true, audioOnly: true });
    expect(call.getState().peerMedia).toEqual({ camera: true, microphone: true, weakLink: false, audioOnly: true });
    call.close();
    realtime.close();
  });

  it('runs the lesson’s clock only while the connection is up', async () => {
    const { realtime, call } = await joinedCall();
    const pc = FakePeerConnection.made[0];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000_000);
      moveTo(pc, 'connected');
      vi.setSystemTime(1_060_000);
      moveTo(pc, 'disconnected');
      vi.setSystemTime(1_090_000);
      moveTo(pc, 'connected');
      vi.setSystemTime(1_100_000);
      const { connected } = call.getState();
      expect(connected).toEqual([
        { from: 1_000_000, until: 1_060_000 },
        { from: 1_090_000, until: null },
      ]);
      // 60 s, then 10 s so far; only what falls inside the lesson's time counts
      expect(connectedMsBetween(connected, 0, Date.now())).toBe(70_000);
      expect(connectedMsBetween(connected, 1_030_000, 1_095_000)).toBe(35_000);
    } finally {
      vi.useRealTimers();
      call.close();
      realtime.close();
    }
  });

  it('knows when the other member’s video is paused for a weak link', async () => {
    const { server, realtime, call } = await joinedCall();
    server.push('session:media', { sessionId: 3, userId: 9, camera: true, microphone: true, weakLink: true });
    expect(call.getState().peerMedia).toEqual({ camera: true, microphone: true, weakLink: true, audioOnly: false });
    server.push('session:media', { sessionId: 3, userId: 9, camera: true, microphone: true });
    expect(call.getState().peerMedia?.weakLink).toBe(false);
    call.close();
    realtime.close();
  });
});
