import { WEAK_UPLOAD_KBPS } from '@darsak/domain/sessions';
import { statsOf } from './call-quality.ts';

/**
 * When a member's upload is too weak for video (a crowded cell, a shared line), their video is paused so the call
 * keeps its audio, and tried again now and then. Measured on this machine's network lab: on a link capped at
 * 256 kbit/s Chromium's estimate of the bitrate it may send (`availableOutgoingBitrate`) swings between 196 and
 * 373 kbit/s (averaged over 8 s, at most about 300), and is back over 3 Mbit/s within 4 s of the cap being lifted
 * while video flows. Video over such a link freezes and starves the audio.
 */
export const WEAK_LINK = {
  /** Readings of the estimate, this far apart… */
  everyMs: 2000,
  /** …whose average, over this many, below this pauses the video. */
  readings: 4,
  belowKbps: WEAK_UPLOAD_KBPS,
  /** Paused video is tried again after this long (doubling up to the most while the link stays weak)… */
  retryAfterMs: 20_000,
  maxRetryAfterMs: 80_000,
  /** …and judged only after this long, the time the estimate takes to climb when the link is back. */
  graceMs: 10_000,
} as const;

export interface WeakLinkOptions {
  pc: RTCPeerConnection;
  /** The video was paused (weak) or sends again. */
  onChange(weak: boolean): void;
  /** Whether the call is audio only (asked by either member): no video is sent then. */
  audioOnly?: () => boolean;
  now?: () => number;
}

/** The estimate of what the connection may send now, in kbit/s (the selected candidate pair's), or null. */
export async function availableOutgoingKbps(pc: RTCPeerConnection): Promise<number | null> {
  const available = statsOf(await pc.getStats()).pair?.availableOutgoingBitrate;
  return typeof available === 'number' ? Math.round(available / 1000) : null;
}

/** Pauses one connection's video while its upload is weak (see WEAK_LINK), and tries it again later. */
export class WeakLinkGuard {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readings: number[] = [];
  private judgedFrom = 0;
  private weak = false;
  private retryAt = 0;
  private retryAfter: number = WEAK_LINK.retryAfterMs;
  private readonly now: () => number;

  constructor(private readonly options: WeakLinkOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    this.judgedFrom = this.now() + WEAK_LINK.graceMs;
    this.timer = setInterval(() => void this.tick(), WEAK_LINK.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    const now = this.now();
    if (this.weak) {
      if (now >= this.retryAt) await this.setWeak(false, now);
      return;
    }
    let kbps: number | null;
    try {
      kbps = await availableOutgoingKbps(this.options.pc);
    } catch {
      return;
    }
    if (kbps === null || now < this.judgedFrom) return;
    this.readings = [...this.readings, kbps].slice(-WEAK_LINK.readings);
    const average = this.readings.reduce((sum, r) => sum + r, 0) / this.readings.length;
    if (this.readings.length === WEAK_LINK.readings && average < WEAK_LINK.belowKbps) await this.setWeak(true, now);
    // video that held a while after a retry: the next pause waits the least again
    else if (now - this.judgedFrom > WEAK_LINK.maxRetryAfterMs) this.retryAfter = WEAK_LINK.retryAfterMs;
  }

  private async setWeak(weak: boolean, now: number): Promise<void> {
    this.weak = weak;
    this.readings = [];
    if (weak) {
      this.retryAt = now + this.retryAfter;
      this.retryAfter = Math.min(this.retryAfter * 2, WEAK_LINK.maxRetryAfterMs);
    } else this.judgedFrom = now + WEAK_LINK.graceMs;
    // the link's video stays off while the call is audio only, whatever the link does
    await sendVideo(this.options.pc, !weak && !(this.options.audioOnly?.() ?? false));
    this.options.onChange(weak);
  }
}

/** Starts or stops sending the connection's video (its encodings), without a new negotiation. */
export async function sendVideo(pc: RTCPeerConnection, on: boolean): Promise<void> {
  const sender = pc.getSenders().find((s) => s.track?.kind === 'video');
  if (!sender) return;
  const parameters = sender.getParameters();
  if (parameters.encodings.length === 0) return;
  for (const encoding of parameters.encodings) encoding.active = on;
  await sender.setParameters(parameters);
}
