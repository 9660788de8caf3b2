import type { ClientLog } from '@darsak/client';
import type { IceServer, Signal, SignalRoute } from '@darsak/domain/sessions';

/** After ICE stays "disconnected" this long, an ICE restart is asked for. */
const DISCONNECTED_RESTART_MS = 4000;

export type LinkState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface PeerLinkOptions {
  iceServers: IceServer[];
  /** `relay` forces TURN (tests of the relay); `all` by default. */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /** The polite side gives way when both send an offer at once (perfect negotiation). */
  polite: boolean;
  /**
   * The side that was in the call first waits for the arriving side's offer (its tracks go on with the answer),
   * so the first negotiation never collides; later ones (ICE restarts) may, and perfect negotiation settles them.
   */
  waitForOffer?: boolean;
  localStream: MediaStream | null;
  /** Sends a signal to the other member, with the connections it is between. */
  send(signal: Signal, route: SignalRoute): void;
  onRemoteStream(stream: MediaStream): void;
  onStateChange(state: LinkState): void;
  log?: ClientLog;
  /** Tests replace the browser's class. */
  PeerConnection?: typeof RTCPeerConnection;
}

/**
 * One WebRTC connection to the other member, with the perfect-negotiation pattern (W3C WebRTC §10.7): either
 * side may (re)negotiate at any time; when offers cross, the impolite side keeps its own and the polite side rolls
 * back and answers. A failed ICE connection is restarted (`restartIce`), which renegotiates the same way.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  /** This connection, in the route of its signals. */
  readonly id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  /** The other member's connection this one is paired with: learnt from its first signal. */
  private peerLinkId: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private tracksAdded = false;
  private readonly remote = new MediaStream();
  state: LinkState = 'new';

  constructor(private readonly options: PeerLinkOptions) {
    const PeerConnection = options.PeerConnection ?? RTCPeerConnection;
    this.pc = new PeerConnection({
      iceServers: options.iceServers.map((s) => ({
        urls: s.urls,
        ...(s.username ? { username: s.username } : {}),
        ...(s.credential ? { credential: s.credential } : {}),
      })),
      iceTransportPolicy: options.iceTransportPolicy ?? 'all',
    });
    const { pc } = this;
    const log = options.log;
    log?.info('webrtc', 'peer connection created', { polite: options.polite, policy: options.iceTransportPolicy });

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        const local = pc.localDescription;
        if (local && !this.closed) this.send({ type: local.type as 'offer', sdp: local.sdp });
      } catch (error) {
        log?.error('webrtc', 'offer failed', error);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (this.closed) return;
      this.send({ type: 'candidate', candidate: candidate ? (candidate.toJSON() as never) : null });
    };
    pc.ontrack = ({ track, streams }) => {
      log?.info('webrtc', `remote ${track.kind} track`);
      const source = streams[0];
      for (const t of source ? source.getTracks() : [track]) {
        if (!this.remote.getTracks().includes(t)) this.remote.addTrack(t);
      }
      track.onended = () => this.remote.removeTrack(track);
      options.onRemoteStream(this.remote);
    };
    pc.oniceconnectionstatechange = () => {
      const ice = pc.iceConnectionState;
      log?.info('webrtc', `ice ${ice}`);
      clearTimeout(this.disconnectedTimer);
      if (ice === 'failed') this.restart('ice failed');
      if (ice === 'disconnected')
        this.disconnectedTimer = setTimeout(() => this.restart('ice disconnected'), DISCONNECTED_RESTART_MS);
    };
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState as LinkState;
      log?.info('webrtc', `connection ${state}`);
      this.state = state;
      options.onStateChange(state);
    };
    pc.onsignalingstatechange = () => log?.info('webrtc', `signaling ${pc.signalingState}`);
    pc.onicecandidateerror = (event) => {
      const e = event as RTCPeerConnectionIceErrorEvent;
      log?.warn('webrtc', 'ice candidate error', { code: e.errorCode, text: e.errorText, url: e.url });
    };

    if (!options.waitForOffer) this.addLocalTracks();
  }

  private addLocalTracks() {
    if (this.tracksAdded) return;
    this.tracksAdded = true;
    const stream = this.options.localStream;
    for (const track of stream?.getTracks() ?? []) this.pc.addTrack(track, stream as MediaStream);
  }

  private send(signal: Signal) {
    this.options.send(signal, { from: this.id, to: this.peerLinkId });
  }

  /**
   * Whether a signal is this connection's: meant for it (or for whichever is new, before the other side knows
   * it) and from the connection it is paired with; the first one pairs it. A signal without a route is taken.
   */
  accepts(route: SignalRoute | undefined): boolean {
    if (!route) return true;
    if (route.to !== null && route.to !== this.id) return false;
    this.peerLinkId ??= route.from;
    return route.from === this.peerLinkId;
  }

  /** An offer from a new connection of the other member's, which replaces the one this is paired with. */
  isReplacedBy(signal: Signal, route: SignalRoute | undefined): boolean {
    return signal.type === 'offer' && route?.to === null && this.peerLinkId !== null && route.from !== this.peerLinkId;
  }

  /** A signalling message from the other member's connection (see `accepts`). */
  async handle(signal: Signal, route?: SignalRoute): Promise<void> {
    if (this.closed) return;
    if (!this.accepts(route)) {
      this.options.log?.info('webrtc', `${signal.type} for another connection ignored`);
      return;
    }
    const { pc } = this;
    const log = this.options.log;
    try {
      if (signal.type === 'candidate') {
        if (!signal.candidate) return;
        try {
          await pc.addIceCandidate(signal.candidate);
        } catch (error) {
          if (!this.ignoreOffer) log?.warn('webrtc', 'candidate refused', error);
        }
        return;
      }
      const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
      const collision = signal.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) {
        log?.info('webrtc', 'offer collision: keeping ours');
        return;
      }
      if (collision) log?.info('webrtc', 'offer collision: rolling back ours');
      if (signal.type === 'answer' && pc.signalingState !== 'have-local-offer') {
        // An answer to an offer this connection no longer waits for (a connection of an earlier join).
        log?.info('webrtc', `stale answer ignored (${pc.signalingState})`);
        return;
      }
      this.settingRemoteAnswer = signal.type === 'answer';
      await pc.setRemoteDescription({ type: signal.type, sdp: signal.sdp });
      this.settingRemoteAnswer = false;
      if (signal.type === 'offer') {
        // Our camera and microphone go on the transceivers of the offer, and so into the answer.
        this.addLocalTracks();
        await pc.setLocalDescription();
        const local = pc.localDescription;
        if (local && !this.closed) this.send({ type: 'answer', sdp: local.sdp });
      }
    } catch (error) {
      this.settingRemoteAnswer = false;
      log?.error('webrtc', `${signal.type} failed`, error);
    }
  }

  /** Puts a camera or microphone track on the connection (renegotiating when it is new). */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack, stream: MediaStream): Promise<void> {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === kind);
    if (sender) return sender.replaceTrack(track);
    const transceiver = this.pc.getTransceivers().find((t) => t.receiver.track.kind === kind && !t.sender.track);
    if (transceiver) {
      await transceiver.sender.replaceTrack(track);
      transceiver.direction = 'sendrecv';
      transceiver.sender.setStreams?.(stream);
      return;
    }
    this.pc.addTrack(track, stream);
  }

  restart(reason: string): void {
    if (this.closed) return;
    this.options.log?.warn('webrtc', `ice restart (${reason})`);
    this.pc.restartIce();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.disconnectedTimer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    this.options.log?.info('webrtc', 'peer connection closed');
  }
}
