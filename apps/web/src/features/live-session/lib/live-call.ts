import type { ApiErrorCode, ClientLog, RealtimeClient } from '@darsak/client';
import {
  CALL_QUALITY_REPORT_SECONDS,
  type MediaPayload,
  type PeerPayload,
  type SessionJoinState,
  type SessionToken,
  type Signal,
  type SignalPayload,
  type SignalRoute,
} from '@darsak/domain/sessions';
import { QualityReporter, readStats } from './call-quality.ts';
import { type LinkState, PeerLink } from './peer-link.ts';
import { sendVideo, WeakLinkGuard } from './weak-link.ts';

/**
 * An ICE connection still failed this long after its restart: rejoin with a fresh token and new connections. A
 * connection only disconnected is left to its ICE restart: it comes back by itself when the network does, and a
 * rejoin while the network is down would replace it with one that cannot connect.
 */
export const REJOIN_AFTER_FAILURE_MS = 10_000;
/** A new peer connection not connected after this long is started again the same way (a lost offer, a race). */
export const CONNECT_WATCHDOG_MS = 25_000;
/** While the call is down its socket is checked this often; an answer (socket or server) may take this long. */
export const SOCKET_CHECK_EVERY_MS = 3000;
export const ANSWER_WITHIN_MS = 2000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether media from the other member arrives on `pc`: the bytes received grow over a second. */
async function receivingMedia(pc: RTCPeerConnection): Promise<boolean> {
  const received = async () => readStats(await pc.getStats(), 0).totals.bytesReceived;
  try {
    const before = await received();
    await delay(1000);
    return (await received()) > before;
  } catch {
    return false;
  }
}

/** Whether `work` comes true within `ms` (false when it fails or is late). */
const trueWithin = (work: Promise<boolean>, ms: number) =>
  Promise.race([work.catch(() => false), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))]);

export type CallPhase = 'joining' | 'joined' | 'rejoining' | 'left' | 'closed' | 'failed';
/** Where the other member is: never came yet, in the call, dropped (may come back), or left by choice. */
export type PeerPresence = 'absent' | 'present' | 'dropped' | 'left';

export interface MediaState {
  camera: boolean;
  microphone: boolean;
}

export interface CallState {
  phase: CallPhase;
  sessionId: number | null;
  roomId: number | null;
  joinState: SessionJoinState | null;
  peerId: number | null;
  presence: PeerPresence;
  peerMedia: (MediaState & { weakLink: boolean; audioOnly: boolean }) | null;
  /** This member's video is paused: their upload is too weak for it (WeakLinkGuard); the call keeps its audio. */
  weakLink: boolean;
  /** This member asked for audio only: neither side sends video while it (or the other's ask) holds. */
  audioOnly: boolean;
  link: LinkState | 'none';
  remoteStream: MediaStream | null;
  media: MediaState;
  /** Why joining failed for good (session-not-open, forbidden…). */
  error: ApiErrorCode | null;
  /** Times the call was rejoined after a drop or an ICE failure. */
  rejoins: number;
  /** When media flowed to the other member (epoch ms; `until` null while it flows): the lesson's clock. */
  connected: ReadonlyArray<{ from: number; until: number | null }>;
}

/**
 * The milliseconds of `connected` between `from` and `to`: the time the lesson's clock ran. It stops while the
 * call is down, as the minutes the server charges do (attendanceOf).
 */
export function connectedMsBetween(connected: CallState['connected'], from: number, to: number): number {
  let total = 0;
  for (const period of connected) {
    total += Math.max(0, Math.min(period.until ?? to, to) - Math.max(period.from, from));
  }
  return total;
}

export interface LiveCallOptions {
  userId: number;
  realtime: Pick<RealtimeClient, 'request' | 'send' | 'on' | 'onConnect' | 'connected' | 'renew'>;
  /** A fresh join token (GET /session/token): every (re)join uses a new one. */
  fetchToken(): Promise<SessionToken>;
  localStream: MediaStream | null;
  media: MediaState;
  log?: ClientLog;
  iceTransportPolicy?: RTCIceTransportPolicy;
}

/**
 * The live call of a lesson, outside React: joins with a join token, follows the other member's arrivals and
 * departures, relays signalling to one `PeerLink`, and rejoins by itself (fresh token, new peer connection) after
 * the socket reconnects or ICE stays failed. Each arrival of either member starts a fresh peer connection on both
 * sides, so the two never hold connections of different generations.
 */
export class LiveCall {
  private state: CallState;
  private listeners = new Set<() => void>();
  private link: PeerLink | null = null;
  /** The current link's quality reports (staff read them per lesson), and its watch on a weak upload. */
  private quality: QualityReporter | null = null;
  private weakLinkGuard: WeakLinkGuard | null = null;
  private iceServers: SessionToken['iceServers'] = [];
  private unsubscribe: Array<() => void> = [];
  private failureTimer: ReturnType<typeof setTimeout> | undefined;
  private joining: Promise<void> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  /** What the server was last told of media to the other member on the current link (null: nothing yet). */
  private flowing: boolean | null = null;
  /** The link whose drop has the socket checked (watchSocket), while it runs. */
  private socketWatched: PeerLink | null = null;
  /** Session events that arrived while the join was on its way, replayed once it is answered. */
  private early: Array<{ peerJoined?: number; run: () => void }> = [];

  constructor(private readonly options: LiveCallOptions) {
    this.state = {
      phase: 'joining',
      sessionId: null,
      roomId: null,
      joinState: null,
      peerId: null,
      presence: 'absent',
      peerMedia: null,
      weakLink: false,
      audioOnly: false,
      link: 'none',
      remoteStream: null,
      media: options.media,
      error: null,
      rejoins: 0,
      connected: [],
    };
    this.applyMediaToTracks();
    const { realtime } = options;
    const mine = (sessionId: number) => sessionId === this.state.sessionId;
    // The other member may act before our join is answered (they saw us arrive): keep it for after the answer.
    const later = (run: () => void, peerJoined?: number) => {
      if (this.state.phase !== 'joining' && this.state.phase !== 'rejoining') return false;
      this.early.push({ run, ...(peerJoined !== undefined ? { peerJoined } : {}) });
      return true;
    };
    this.unsubscribe.push(
      realtime.on('session:peer-joined', (p) => {
        if (later(() => this.onPeerJoined(p), p.userId)) return;
        this.onPeerJoined(p);
      }),
      realtime.on('session:peer-left', (p) => {
        if (later(() => this.onPeerLeft(p))) return;
        this.onPeerLeft(p);
      }),
      realtime.on('session:signal', (p) => {
        if (later(() => this.onSignal(p))) return;
        this.onSignal(p);
      }),
      realtime.on('session:media', (p) => {
        if (later(() => this.onMedia(p))) return;
        this.onMedia(p);
      }),
      realtime.on('session:state', (p) => {
        if (mine(p.sessionId)) this.set({ joinState: p.joinState });
      }),
      realtime.onConnect(({ reconnect }) => {
        if (!reconnect) return;
        if (this.state.phase === 'joined' || this.state.phase === 'rejoining') void this.rejoin('socket');
        // A first join lost to a drop is tried again.
        else if (this.state.phase === 'joining') void this.join();
      }),
    );
  }

  private mine(sessionId: number) {
    return sessionId === this.state.sessionId;
  }

  private onPeerJoined(p: PeerPayload) {
    const { options } = this;
    if (!this.mine(p.sessionId) || p.userId === options.userId) return;
    options.log?.info('call', `peer ${p.kind}`);
    this.set({ peerId: p.userId, presence: 'present' });
    // They arrive with a fresh connection and offer; ours waits for that offer.
    this.newLink(p.userId, { waitForOffer: true });
    this.sendMedia();
  }

  private onPeerLeft(p: PeerPayload) {
    if (!this.mine(p.sessionId) || p.userId === this.options.userId) return;
    this.options.log?.info('call', `peer ${p.kind}`);
    this.closeLink();
    this.set({ presence: p.kind === 'leave' ? 'left' : 'dropped', remoteStream: null });
  }

  private onSignal(p: SignalPayload) {
    if (!this.mine(p.sessionId) || p.from === this.options.userId) return;
    if (!this.link || this.state.peerId !== p.from || this.link.isReplacedBy(p.signal, p.route)) {
      this.set({ peerId: p.from, presence: 'present' });
      this.newLink(p.from, { waitForOffer: true });
    }
    void this.link?.handle(p.signal, p.route);
  }

  private onMedia(p: MediaPayload) {
    if (!this.mine(p.sessionId) || p.userId === this.options.userId) return;
    const asked = p.audioOnly ?? false;
    const changed = asked !== (this.state.peerMedia?.audioOnly ?? false);
    this.set({
      peerMedia: { camera: p.camera, microphone: p.microphone, weakLink: p.weakLink ?? false, audioOnly: asked },
    });
    // the other member asked for audio only, or for video again: this side's video follows
    if (changed) void this.applyAudioOnly();
  }

  getState = (): CallState => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallState>) {
    const next = { ...this.state, ...patch };
    // the clock runs while the connection is up; any other state of it (or none) stops it
    const last = next.connected.at(-1);
    const running = last !== undefined && last.until === null;
    if (next.link === 'connected' && !running) next.connected = [...next.connected, { from: Date.now(), until: null }];
    else if (next.link !== 'connected' && running && last)
      next.connected = [...next.connected.slice(0, -1), { from: last.from, until: Date.now() }];
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Joins with a token already fetched (the ready screen has one), else a fresh one. */
  join(token?: SessionToken): Promise<void> {
    this.joining ??= this.doJoin(token).finally(() => {
      this.joining = null;
    });
    return this.joining;
  }

  private async doJoin(given?: SessionToken): Promise<void> {
    const { realtime, log } = this.options;
    let token = given;
    try {
      token ??= await this.options.fetchToken();
    } catch (error) {
      const code = (error as { code?: ApiErrorCode }).code ?? 'unexpected';
      log?.error('call', 'join token refused', code);
      // Offline: the socket's reconnection will try again.
      if (code === 'network-error' || code === 'timeout-exceeded') return;
      this.set({ phase: 'failed', error: code });
      return;
    }
    this.iceServers = token.iceServers;
    const ack = await realtime.request('session:join', { token: token.token });
    if (!ack.ok) {
      this.early = [];
      log?.error('call', 'join refused', ack.code);
      if (ack.code === 'network-error' || ack.code === 'timeout-exceeded') return;
      this.set({ phase: 'failed', error: ack.code });
      return;
    }
    if (this.state.phase === 'closed' || this.state.phase === 'left') {
      realtime.send('session:leave', { sessionId: ack.data.sessionId });
      return;
    }
    const { sessionId, roomId, joinState, peers } = ack.data;
    const peerId = peers.find((id) => id !== this.options.userId) ?? null;
    log?.info('call', `joined (${peerId ? 'peer present' : 'alone'})`);
    this.set({
      phase: 'joined',
      sessionId,
      roomId,
      joinState,
      error: null,
      peerId: peerId ?? this.state.peerId,
      presence: peerId ? 'present' : this.state.presence === 'present' ? 'dropped' : this.state.presence,
    });
    this.sendMedia();
    if (peerId) this.newLink(peerId);
    else this.closeLink();
    // What the other member did meanwhile: their arrival is already in `peers`, the rest is replayed in order.
    const early = this.early;
    this.early = [];
    for (const event of early) if (event.peerJoined === undefined || !peers.includes(event.peerJoined)) event.run();
  }

  /** Back after a drop or a failed connection: a fresh token, the join again, new peer connections. */
  async rejoin(reason: string): Promise<void> {
    if (this.state.phase === 'closed' || this.state.phase === 'left' || this.state.phase === 'failed') return;
    this.options.log?.warn('call', `rejoining (${reason})`);
    this.set({ phase: 'rejoining', rejoins: this.state.rejoins + 1 });
    this.closeLink();
    await this.join();
  }

  /**
   * A fresh connection to the other member. The arriving side offers; the side already in waits for that offer.
   * Only the impolite side starts a call again by itself (not connected in time, or failed after an ICE
   * restart), so the two never restart at once.
   */
  private newLink(peerId: number, how: { waitForOffer?: boolean } = {}) {
    this.closeLink();
    // each link is reported afresh: a (re)join starts the server's record of this member's media anew
    this.flowing = null;
    const { options } = this;
    const sessionId = this.state.sessionId;
    if (sessionId === null) return;
    const polite = options.userId > peerId;
    const link = new PeerLink({
      waitForOffer: how.waitForOffer ?? false,
      iceServers: this.iceServers,
      ...(options.iceTransportPolicy ? { iceTransportPolicy: options.iceTransportPolicy } : {}),
      polite,
      localStream: options.localStream,
      send: (signal: Signal, route: SignalRoute) =>
        options.realtime.send('session:signal', { sessionId, signal, route }),
      onRemoteStream: (stream) => {
        if (this.link === link) this.set({ remoteStream: stream });
      },
      onStateChange: (state) => {
        if (this.link !== link) return;
        this.set({ link: state });
        if (state === 'connected') {
          this.quality?.start();
          this.weakLinkGuard?.start();
          // a new connection sends video until told otherwise: audio only holds across it
          if (this.audioOnlyEither) void this.applyAudioOnly();
        }
        if (state === 'failed') this.quality?.iceFailed();
        if (state === 'connected') this.reportFlowing(true);
        else if (state === 'disconnected' || state === 'failed') {
          this.reportFlowing(false);
          void this.watchSocket(link);
        }
        clearTimeout(this.failureTimer);
        if (!polite && state === 'failed')
          this.failureTimer = setTimeout(() => {
            if (this.link === link && link.state !== 'connected') void this.rejoin(`ice ${link.state}`);
          }, REJOIN_AFTER_FAILURE_MS);
      },
      ...(options.log ? { log: options.log } : {}),
    });
    this.link = link;
    this.weakLinkGuard = new WeakLinkGuard({
      pc: link.pc,
      audioOnly: () => this.audioOnlyEither,
      onChange: (weak) => {
        if (this.link !== link) return;
        options.log?.warn('call', weak ? 'video paused: weak link' : 'video tried again');
        this.set({ weakLink: weak });
        this.videoChanged();
      },
    });
    this.quality = new QualityReporter({
      pc: link.pc,
      sendingVideo: this.state.media.camera,
      everyMs: CALL_QUALITY_REPORT_SECONDS * 1000,
      send: (report) => options.realtime.send('session:quality', { sessionId, ...report }),
    });
    this.set({ link: 'new', remoteStream: null });
    clearTimeout(this.watchdog);
    if (polite) return;
    this.watchdog = setTimeout(() => {
      if (this.link === link && link.state !== 'connected') void this.rejoin(`not connected (${link.state})`);
    }, CONNECT_WATCHDOG_MS);
  }

  private closeLink() {
    if (this.flowing) this.reportFlowing(false);
    clearTimeout(this.failureTimer);
    clearTimeout(this.watchdog);
    this.quality?.stop();
    this.quality = null;
    this.weakLinkGuard?.stop();
    this.weakLinkGuard = null;
    if (this.state.weakLink) this.set({ weakLink: false });
    this.link?.close();
    this.link = null;
    if (this.state.link !== 'none') this.set({ link: 'none' });
  }

  /**
   * The call's path died: did the socket's? One whose network went (a new one came and the browser never went
   * offline between, as in a handover from Wi-Fi to mobile data) answers nothing, and socket.io's pings tell only
   * after some 45 s, while the call's signalling waits on it. When the server answers a new request (a join token),
   * the socket stays silent a while more, and no media arrives (the connection's own state cannot tell: ICE may call
   * a path connected that carries nothing), the socket is replaced, and the call rejoins with it. Offline, nothing
   * is replaced (the old socket may yet come back), nor once media arrives again (an outage over, the socket still
   * catching up).
   */
  private async watchSocket(link: PeerLink) {
    if (this.socketWatched === link) return;
    this.socketWatched = link;
    const { realtime, fetchToken, log } = this.options;
    const watched = () => this.link === link && realtime.connected;
    const socketAnswers = () =>
      trueWithin(
        realtime.request('connection:check', {}, { timeoutMs: ANSWER_WITHIN_MS }).then((answer) => answer.ok),
        ANSWER_WITHIN_MS,
      );
    try {
      while (watched()) {
        if (
          !(await socketAnswers()) &&
          (await trueWithin(
            fetchToken().then(() => true),
            ANSWER_WITHIN_MS,
          )) &&
          !(await socketAnswers()) &&
          !(await receivingMedia(link.pc)) &&
          watched()
        ) {
          log?.warn('call', 'the socket answers nothing while the server does: renewing it');
          realtime.renew();
          return;
        }
        if (link.state === 'connected' && (await receivingMedia(link.pc))) return;
        await delay(SOCKET_CHECK_EVERY_MS);
      }
    } finally {
      if (this.socketWatched === link) this.socketWatched = null;
    }
  }

  /** Tells the server whether media flows to the other member: a lesson's charged minutes are measured from it. */
  private reportFlowing(flowing: boolean) {
    const { sessionId } = this.state;
    if (sessionId === null || this.flowing === flowing) return;
    this.flowing = flowing;
    this.options.realtime.send('session:connection', { sessionId, flowing });
  }

  private applyMediaToTracks() {
    for (const track of this.options.localStream?.getVideoTracks() ?? []) track.enabled = this.state.media.camera;
    for (const track of this.options.localStream?.getAudioTracks() ?? []) track.enabled = this.state.media.microphone;
  }

  private sendMedia() {
    const { sessionId, media, weakLink, audioOnly } = this.state;
    if (sessionId !== null)
      this.options.realtime.send('session:media', {
        sessionId,
        ...media,
        ...(weakLink && { weakLink }),
        ...(audioOnly && { audioOnly }),
      });
  }

  /** Audio only, asked by this member or the other: no video either way. */
  private get audioOnlyEither(): boolean {
    return this.state.audioOnly || this.state.peerMedia?.audioOnly === true;
  }

  /**
   * Audio only on or off, the manual switch beside the weak-link guard's own: the other member is asked to stop
   * sending video too (a weak download is spared it as well), and both sides show it.
   */
  setAudioOnly(on: boolean) {
    if (this.state.audioOnly === on) return;
    this.set({ audioOnly: on });
    this.options.log?.info('call', on ? 'audio only asked' : 'video asked again');
    void this.applyAudioOnly();
    this.videoChanged();
  }

  /** Sends this member's video or not, as audio only (either side's) and a weak link allow. */
  private async applyAudioOnly() {
    const pc = this.link?.pc;
    if (pc) await sendVideo(pc, !this.audioOnlyEither && !this.state.weakLink);
    this.quality?.videoChanged(this.sendsVideo);
  }

  private get sendsVideo(): boolean {
    return this.state.media.camera && !this.state.weakLink && !this.audioOnlyEither;
  }

  /** Camera or microphone on or off: the track stops sending and the other member is told. */
  setMedia(change: Partial<MediaState>) {
    this.set({ media: { ...this.state.media, ...change } });
    this.applyMediaToTracks();
    this.options.log?.info('call', 'media', this.state.media);
    this.videoChanged();
  }

  /** Video sent or not (the camera, a weak link's pause): the quality report counts it, the other member is told. */
  private videoChanged() {
    this.quality?.videoChanged(this.sendsVideo);
    this.sendMedia();
  }

  /** The peer connection, for diagnostics (getStats). */
  get peerConnection(): RTCPeerConnection | null {
    return this.link?.pc ?? null;
  }

  /** Back into the call after leaving it. */
  comeBack(): Promise<void> {
    this.set({ phase: 'joining', error: null });
    return this.join();
  }

  leave() {
    const { sessionId } = this.state;
    this.closeLink();
    if (sessionId !== null) void this.options.realtime.request('session:leave', { sessionId });
    this.options.log?.info('call', 'left');
    this.set({ phase: 'left', presence: this.state.presence, remoteStream: null });
  }

  /** Leaves (if in) and stops listening: the page is going away. */
  close() {
    if (this.state.phase === 'joined' || this.state.phase === 'rejoining') {
      const { sessionId } = this.state;
      if (sessionId !== null) this.options.realtime.send('session:leave', { sessionId });
    }
    this.closeLink();
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.set({ phase: 'closed' });
  }
}
