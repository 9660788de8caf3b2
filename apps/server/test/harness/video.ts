import { webmBytes } from '../../src/seed/webm.ts';
import type { UploadPart } from './multipart.ts';

// A WebM whose container states the length (the server reads only the container); see src/seed/webm.ts.
export { webmBytes, webmParts } from '../../src/seed/webm.ts';

/** An intro-video upload part stating `seconds`. */
export const introVideoPart = (seconds: number, fillerBytes?: number): UploadPart => ({
  filename: 'intro.webm',
  contentType: 'video/webm',
  data: webmBytes(seconds, fillerBytes),
});
