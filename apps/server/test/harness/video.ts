import { webmBytes } from '../../src/seed/webm.ts';
import type { UploadPart } from './multipart.ts';

// A WebM whose blocks span the length (the server measures them, not the header); see src/seed/webm.ts.
export { webmBytes, webmParts } from '../../src/seed/webm.ts';

/** An intro-video upload part of `seconds`, whose header may claim another length. */
export const introVideoPart = (seconds: number, fillerBytes?: number, claimedSeconds?: number): UploadPart => ({
  filename: 'intro.webm',
  contentType: 'video/webm',
  data: webmBytes(seconds, fillerBytes, { claimedSeconds }),
});
