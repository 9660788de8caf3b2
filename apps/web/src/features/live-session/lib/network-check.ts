import type { IceServer, NetworkCheck, NetworkExit } from '@darsak/domain/sessions';

/** A relay that has handed out no candidate by then is taken as unreachable from this network. */
export const GATHER_WITHIN_MS = 5000;
/** Round trips over the socket, of which the median is kept. */
const ROUND_TRIPS = 5;
/** The upload is timed with this much first, and with four times more when that went by fast… */
const FIRST_UPLOAD_CHARS = 64 * 1024;
/** …faster than this: a slow link is judged on the first upload alone, in about this long. */
const ENOUGH_UPLOAD_MS = 1500;

export interface NetworkCheckDeps {
  iceServers: IceServer[];
  /** One round trip to the server over the live socket in ms, or null when it did not answer. */
  roundTrip(): Promise<number | null>;
  /** Sends `data` to the server; resolves once the server has it. */
  upload(data: string): Promise<void>;
  PeerConnection?: typeof RTCPeerConnection;
  now?: () => number;
}

/** The pre-lesson check: how a call can leave this network, the round trip to the server, and the upload rate. */
export async function checkNetwork(deps: NetworkCheckDeps): Promise<NetworkCheck> {
  const [exit, roundTripMs] = await Promise.all([networkExit(deps), medianRoundTrip(deps)]);
  return { exit, roundTripMs, uploadKbps: await uploadKbps(deps, roundTripMs ?? 0) };
}

const EXITS_BEST_FIRST = ['udp', 'tcp', 'tls'] as const;

/** The relay's transport a candidate came through: its own word where the browser gives it, else its server's URL. */
function relayProtocolOf(candidate: RTCIceCandidate, url: string | null): (typeof EXITS_BEST_FIRST)[number] {
  const named = (candidate as RTCIceCandidate & { relayProtocol?: string }).relayProtocol;
  if (named === 'udp' || named === 'tcp' || named === 'tls') return named;
  if (url?.startsWith('turns:')) return 'tls';
  return url?.includes('transport=tcp') ? 'tcp' : 'udp';
}

/**
 * Gathers candidates against the call's STUN and TURN servers: a server-reflexive or relayed candidate over UDP says
 * UDP leaves this network; else the relay's TCP or TLS ones say which of them does; none, that nothing does. Null
 * when no relay is configured (a local set-up: nothing to test against).
 */
export async function networkExit({
  iceServers,
  PeerConnection = globalThis.RTCPeerConnection,
}: Pick<NetworkCheckDeps, 'iceServers' | 'PeerConnection'>): Promise<NetworkExit | null> {
  const urls = iceServers.flatMap((server) => server.urls);
  if (!urls.some((url) => url.startsWith('turn'))) return null;
  const pc = new PeerConnection({ iceServers });
  const found = new Set<(typeof EXITS_BEST_FIRST)[number]>();
  try {
    pc.createDataChannel('network-check');
    const gathered = new Promise<void>((resolve) => {
      pc.onicecandidate = (event) => {
        const { candidate } = event;
        if (!candidate) return resolve();
        // the server the candidate came from: in every browser, though no longer in the DOM's types
        const url = (event as RTCPeerConnectionIceEvent & { url?: string | null }).url ?? null;
        if (candidate.type === 'srflx' && candidate.protocol === 'udp') found.add('udp');
        if (candidate.type === 'relay') found.add(relayProtocolOf(candidate, url));
        if (found.has('udp')) resolve();
      };
      setTimeout(resolve, GATHER_WITHIN_MS);
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered;
  } finally {
    pc.close();
  }
  return EXITS_BEST_FIRST.find((exit) => found.has(exit)) ?? 'none';
}

async function medianRoundTrip({ roundTrip }: NetworkCheckDeps): Promise<number | null> {
  const trips: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const ms = await roundTrip();
    if (ms !== null) trips.push(ms);
  }
  trips.sort((a, b) => a - b);
  return trips.length > 0 ? (trips[Math.floor(trips.length / 2)] ?? null) : null;
}

/** Kbit/s of an upload to the server, its round trip taken out; null when the server would not take it. */
async function uploadKbps({ upload, now = Date.now }: NetworkCheckDeps, roundTripMs: number): Promise<number | null> {
  let kbps: number | null = null;
  for (let chars = FIRST_UPLOAD_CHARS; chars <= FIRST_UPLOAD_CHARS * 4; chars *= 4) {
    const started = now();
    try {
      await upload('x'.repeat(chars));
    } catch {
      return kbps;
    }
    const ms = now() - started;
    kbps = Math.round((chars * 8) / Math.max(1, ms - roundTripMs));
    if (ms >= ENOUGH_UPLOAD_MS) break;
  }
  return kbps;
}
