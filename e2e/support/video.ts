// A small WebM built in code whose container states `seconds` (what the server checks), with filler frames data.
// The same generator the server's tests use, so the journey sends the kind of file the rules were tested with.
export { webmBytes } from '../../apps/server/test/harness/video.ts';
