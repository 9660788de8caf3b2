// A small WebM built in code whose blocks span `seconds` (what the server measures), with filler frame data.
// The same generator the server's tests use, so the journey sends the kind of file the rules were tested with.
export { webmBytes } from '../../apps/server/test/harness/video.ts';
