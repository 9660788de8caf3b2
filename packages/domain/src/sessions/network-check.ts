import { z } from 'zod';

/**
 * The pre-lesson check (issue 29, item 4): what the ready screen measures of a member's network before the call, and
 * what that means for the call. The client measures; this rule judges, so the words the member reads follow one rule.
 */

/**
 * How a call can leave this network, best first: UDP (directly to the other member, or relayed over UDP), or only
 * relayed over TCP, or only over TLS on 443 (a network that lets only HTTPS out), or not at all. `null`: no relay is
 * configured to test against (a local set-up), so nothing is known.
 */
export const NETWORK_EXITS = ['udp', 'tcp', 'tls', 'none'] as const;
export type NetworkExit = (typeof NETWORK_EXITS)[number];

export interface NetworkCheck {
  exit: NetworkExit | null;
  /** Median round trip to the server over the live socket. */
  roundTripMs: number | null;
  /** What an upload to the server reached. */
  uploadKbps: number | null;
}

/** An upload below this cannot carry video beside audio: the call pauses the video (the weak-link guard's figure). */
export const WEAK_UPLOAD_KBPS = 350;
/** From this upload the camera's video goes at a good quality. */
export const GOOD_UPLOAD_KBPS = 800;
/** A round trip past this is heard: the two talk over each other now and then. */
export const SLOW_ROUND_TRIP_MS = 300;

/** good: audio and video as they should be; fair: both, with some delay or lower picture; audioOnly; blocked. */
export type NetworkVerdict = 'good' | 'fair' | 'audioOnly' | 'blocked';
/** What the member may try, each a sentence on the ready screen. */
export type NetworkAdvice = 'relayed' | 'slowRoundTrip' | 'weakUpload' | 'otherNetwork';

export function judgeNetwork(check: NetworkCheck): { verdict: NetworkVerdict; advice: NetworkAdvice[] } {
  if (check.exit === 'none') return { verdict: 'blocked', advice: ['otherNetwork'] };
  const advice: NetworkAdvice[] = [];
  if (check.exit === 'tcp' || check.exit === 'tls') advice.push('relayed');
  const slow = check.roundTripMs !== null && check.roundTripMs > SLOW_ROUND_TRIP_MS;
  if (slow) advice.push('slowRoundTrip');
  const upload = check.uploadKbps;
  if (upload !== null && upload < GOOD_UPLOAD_KBPS) advice.push('weakUpload');
  if (upload !== null && upload < WEAK_UPLOAD_KBPS) return { verdict: 'audioOnly', advice };
  return { verdict: advice.length > 0 ? 'fair' : 'good', advice };
}

/** `POST /api/v1/session/upload-check`: bytes sent to be counted and dropped, to time an upload. */
export const UPLOAD_CHECK_MAX_CHARS = 256 * 1024;
export const UploadCheckInput = z.object({ data: z.string().max(UPLOAD_CHECK_MAX_CHARS) }).strict();
export const UploadCheckSchema = z.object({ receivedChars: z.number().int().nonnegative() });
