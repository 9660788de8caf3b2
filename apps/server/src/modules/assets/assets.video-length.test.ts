import { describe, expect, it } from 'vitest';
import { quickTimeBytes } from '../../../test/harness/quicktime.ts';
import { vp8Webm, webmBytes, webmParts } from '../../seed/webm.ts';
import { videoLength } from './assets.video-length.ts';

/** `bytes` as a stream of `size`-byte chunks, so every read and skip crosses chunk edges. */
async function* chunked(bytes: Buffer, size = 7) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const webm = (bytes: Buffer) => videoLength(chunked(bytes), 'video/webm');
const iso = (bytes: Buffer, mime = 'video/mp4') => videoLength(chunked(bytes, 1000), mime);

// EBML elements written by hand, with 8-byte sizes or the unknown size a recording browser writes.
const ebmlId = (id: number) =>
  Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
const UNKNOWN = Buffer.from('01ffffffffffffff', 'hex');
function element(id: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([ebmlId(id), size, body]);
}
const open = (id: number, ...content: Buffer[]) => Buffer.concat([ebmlId(id), UNKNOWN, ...content]);
const uint = (id: number, value: number) => element(id, Buffer.from([value >> 8, value & 0xff]));
const track = (number: number, type: number) => element(0xae, uint(0xd7, number), uint(0x83, type));
function block(trackNumber: number, offsetMs: number, payload = 10): Buffer {
  const head = Buffer.from([0x80 | trackNumber, 0, 0, 0x80]);
  head.writeInt16BE(offsetMs, 1);
  return element(0xa3, head, Buffer.alloc(payload, 1));
}
const ebmlHeader = element(0x1a45dfa3, element(0x4282, Buffer.from('webm')));

// ISO boxes written by hand, for fragmented MP4 (what Safari's MediaRecorder writes).
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const u32 = (...values: number[]) =>
  Buffer.concat(values.map((v) => Buffer.from(v.toString(16).padStart(8, '0'), 'hex')));
/** A video track at time scale 90000 whose header claims `claimedSeconds`, with the runs of its sample table. */
const videoTrak = (claimedSeconds: number, runs: [count: number, delta: number][]) =>
  box(
    'trak',
    box('tkhd', u32(0, 0, 0, 1), Buffer.alloc(68)),
    box(
      'mdia',
      box('mdhd', u32(0, 0, 0, 90_000, claimedSeconds * 90_000, 0)),
      box('hdlr', u32(0, 0), Buffer.from('vide'), Buffer.alloc(13)),
      box(
        'minf',
        box(
          'stbl',
          box('stsd', u32(0, 1), box('avc1', Buffer.alloc(78))),
          box('stts', u32(0, runs.length, ...runs.flat())),
        ),
      ),
    ),
  );
const ftyp = box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isom'));
const movie = (runs: [number, number][]) =>
  Buffer.concat([
    ftyp,
    box('moov', box('mvhd', Buffer.alloc(100)), videoTrak(90, runs)),
    box('mdat', Buffer.alloc(100)),
  ]);

/** A fragmented MP4: 30 fps video, `fragments` of one second, each run with its samples' own durations. */
function fragmentedMp4(fragments: number, claimedSeconds: number): Buffer {
  const trex = box('mvex', box('trex', u32(0, 1, 1, 3000, 0, 0)));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), videoTrak(claimedSeconds, []), trex);
  const moofs = Array.from({ length: fragments }, (_, i) =>
    Buffer.concat([
      box(
        'moof',
        box('mfhd', u32(0, i + 1)),
        box(
          'traf',
          box('tfhd', u32(0x020000, 1)),
          box('tfdt', u32(0, i * 90_000)),
          box('trun', u32(0x000301, 30, 0), ...Array.from({ length: 30 }, () => u32(3000, 100))),
        ),
      ),
      box('mdat', Buffer.alloc(3000)),
    ]),
  );
  return Buffer.concat([ftyp, moov, ...moofs]);
}

describe('a WebM measured from its blocks', () => {
  it('takes the span of its blocks, not the duration its header claims', async () => {
    expect((await webm(webmBytes(8, 4096, { claimedSeconds: 90 }))).durationSeconds).toBeCloseTo(8, 2);
    expect((await webm(webmBytes(95, 2 * 1024 * 1024))).durationSeconds).toBeCloseTo(95, 2);
    expect((await webm(webmBytes(60))).durationSeconds).toBeCloseTo(60, 2);
    // The seed's playable clip: 16 VP8 frames, 500 ms apart.
    const frames = Array.from({ length: 16 }, () => Buffer.alloc(40, 9));
    expect((await webm(vp8Webm(frames, 500, 16, 16))).durationSeconds).toBeCloseTo(8, 3);
  });

  it('reads a recording browser’s clusters of unknown size, and counts picture and sound only', async () => {
    const recorded = Buffer.concat([
      ebmlHeader,
      open(
        0x18538067,
        element(0x1549a966, element(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40]))),
        element(0x1654ae6b, track(1, 1), track(2, 2), track(3, 0x11)),
        open(0x1f43b675, uint(0xe7, 0), block(1, 0), block(2, 0), block(1, 20_000), block(3, 30_000)),
        open(0x1f43b675, uint(0xe7, 40_000), block(1, 0), block(2, 5_000), block(2, 8_000), block(1, 10_000)),
        element(0x1c53bb6b, Buffer.alloc(40)), // cues after the clusters
      ),
    ]);
    // Video frames at 0, 20, 40 and 50 s, the last lasting as long as the interval before it (10 s); sound
    // until 51 s; the subtitle at 30 s does not count.
    expect((await webm(recorded)).durationSeconds).toBeCloseTo(60, 6);
  });

  it('counts a block only once its bytes are all there', async () => {
    const clip = Buffer.concat([
      ebmlHeader,
      open(
        0x18538067,
        open(0x1f43b675, uint(0xe7, 0), block(1, 0), block(1, 1000), block(1, 2000), block(1, 30_000, 5000)),
      ),
    ]);
    expect((await webm(clip.subarray(0, clip.length - 100))).durationSeconds).toBeCloseTo(3, 6);
    expect((await webm(clip)).durationSeconds).toBeCloseTo(58, 6);
  });

  it('finds no length in bytes that are no WebM, and gives up on a flood of empty elements', async () => {
    expect((await webm(Buffer.from('not a video at all'))).durationSeconds).toBeUndefined();
    const voids = Buffer.alloc(2 * 1_000_001);
    for (let at = 0; at < voids.length; at += 2) voids.set([0xec, 0x80], at);
    const flooded = Buffer.concat([
      ebmlHeader,
      open(0x18538067, open(0x1f43b675, uint(0xe7, 0), block(1, 0), block(1, 1000), voids)),
    ]);
    expect((await videoLength(chunked(flooded, 64 * 1024), 'video/webm')).durationSeconds).toBeUndefined();
  });

  it('streams a 300 MB file without holding it', async () => {
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    async function* sampled() {
      for (const part of webmParts(150, 300 * 1024 * 1024)) {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers);
        yield part;
      }
    }
    expect((await videoLength(sampled(), 'video/webm')).durationSeconds).toBeCloseTo(150, 2);
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('an MP4 or QuickTime measured from its samples', () => {
  it('takes the sample table’s span and the tracks’ formats, not the length the headers claim', async () => {
    const claimed = await iso(quickTimeBytes(8, { claimedSeconds: 90 }), 'video/quicktime');
    expect(claimed.durationSeconds).toBeCloseTo(8, 1); // the sound's last AAC frame runs a little past 8 s
    expect(claimed.formats).toEqual({ picture: ['avc1'], sound: ['mp4a'] });
    const hevc = await iso(quickTimeBytes(90, { videoFormat: 'hvc1' }), 'video/quicktime');
    expect(hevc.durationSeconds).toBeCloseTo(90, 1);
    expect(hevc.formats).toEqual({ picture: ['hvc1'], sound: ['mp4a'] });
  });

  it('adds up the runs of a fragmented MP4 (a recording browser’s), from each fragment’s decode time', async () => {
    const fragmented = await iso(fragmentedMp4(8, 90));
    expect(fragmented.durationSeconds).toBeCloseTo(8, 6);
    expect(fragmented.formats).toEqual({ picture: ['avc1'], sound: [] });
  });

  it('lets the last sample last as long as the one before it, whatever it says', async () => {
    expect((await iso(movie([[240, 3000]]))).durationSeconds).toBeCloseTo(8, 6);
    expect(
      (
        await iso(
          movie([
            [239, 3000],
            [1, 82 * 90_000],
          ]),
        )
      ).durationSeconds,
    ).toBeCloseTo(8, 6);
  });

  it('finds no length without a movie box', async () => {
    const head = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
    expect(await iso(Buffer.concat([head, Buffer.alloc(10_000, 7)]))).toEqual({
      durationSeconds: undefined,
      formats: undefined,
    });
  });
});
