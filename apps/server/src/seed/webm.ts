// WebM files built in code (no ffmpeg): an EBML header and a segment whose Info states a duration, one VP8 video
// track and its blocks in clusters. The server measures a video by its blocks' timecodes, never by the stated
// duration. The demo seed fills the blocks with real VP8 key frames (a lossy WebP is one VP8 key frame in a RIFF
// box), so browsers play the tutors' intro clips; the server's tests fill them with filler bytes, enough for the
// intro-video rules (the blocks' times and the file's size).

const id = (hex: number) => {
  const bytes: number[] = [];
  for (let v = hex; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes);
};

/** An element size as an 8-byte EBML variable-length integer. */
const size = (n: number) => {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(Math.floor(n / 2 ** 32), 1, 3);
  out.writeUInt32BE(n % 2 ** 32, 4);
  return out;
};

const element = (hex: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([id(hex), size(body.length), body]);
};
/** An unsigned integer element in as few bytes as the value needs. */
const uint = (hex: number, value: number) => element(hex, value === 0 ? Buffer.from([0]) : id(value));
const text = (hex: number, value: string) => element(hex, Buffer.from(value, 'ascii'));
const float = (hex: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(hex, bytes);
};

function header(seconds: number, width: number, height: number) {
  const ebml = element(
    0x1a45dfa3,
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimecodeScale: 1 ms
    float(0x4489, seconds * 1000),
    text(0x4d80, 'darsak'),
    text(0x5741, 'darsak'),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      text(0x86, 'V_VP8'),
      element(0xe0, uint(0xb0, width), uint(0xba, height)),
    ),
  );
  return { ebml, body: Buffer.concat([info, tracks]) };
}

/** Blocks of a cluster: their timecodes are 16-bit offsets (at most 32.7 s) from the cluster's own. */
const BLOCKS_PER_CLUSTER = 20;

interface WebmOptions {
  /** The duration the header states; by default the blocks' real span. */
  claimedSeconds?: number;
}

/** The bytes of a WebM whose blocks span `seconds`, holding about `fillerBytes` of block data. */
export function webmBytes(seconds: number, fillerBytes = 2048, options: WebmOptions = {}): Buffer {
  return Buffer.concat([...webmParts(seconds, fillerBytes, fillerBytes, options)]);
}

/**
 * The same file as chunks of at most `chunkBytes`, generated on the way (a 300 MB file is never held whole): a
 * block about every second, the last one starting one interval before `seconds`, the filler shared among them.
 */
export function* webmParts(
  seconds: number,
  fillerBytes: number,
  chunkBytes = 1024 * 1024,
  { claimedSeconds = seconds }: WebmOptions = {},
): Generator<Buffer> {
  const blocks = Math.max(2, Math.round(seconds));
  const startMs = (i: number) => Math.round((i * seconds * 1000) / blocks);
  const payload = (i: number) => Math.floor(fillerBytes / blocks) + (i === 0 ? fillerBytes % blocks : 0);
  const blockBytes = (i: number) => 1 + 8 + 4 + payload(i);
  const clusters = Array.from({ length: Math.ceil(blocks / BLOCKS_PER_CLUSTER) }, (_, c) => {
    const indexes = Array.from({ length: Math.min(BLOCKS_PER_CLUSTER, blocks - c * BLOCKS_PER_CLUSTER) }, (_, i) => i);
    const first = c * BLOCKS_PER_CLUSTER;
    const timecode = uint(0xe7, startMs(first));
    return { first, indexes, timecode, size: timecode.length + indexes.reduce((n, i) => n + blockBytes(first + i), 0) };
  });
  const { ebml, body } = header(claimedSeconds, 16, 16);
  const segmentSize = body.length + clusters.reduce((n, cluster) => n + 4 + 8 + cluster.size, 0);
  yield Buffer.concat([ebml, id(0x18538067), size(segmentSize), body]);
  const filler = Buffer.alloc(Math.max(1, Math.min(chunkBytes, payload(0))), 0x5a);
  for (const cluster of clusters) {
    yield Buffer.concat([id(0x1f43b675), size(cluster.size), cluster.timecode]);
    for (const offset of cluster.indexes) {
      const i = cluster.first + offset;
      yield Buffer.concat([id(0xa3), size(4 + payload(i)), blockHead(startMs(i) - startMs(cluster.first))]);
      for (let left = payload(i); left > 0; left -= filler.length)
        yield left >= filler.length ? filler : filler.subarray(0, left);
    }
  }
}

/** A SimpleBlock's head: track 1, its time from the cluster's start, a key frame. */
function blockHead(offsetMs: number): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0x81;
  head.writeInt16BE(offsetMs, 1);
  head[3] = 0x80;
  return head;
}

/** The VP8 key frame inside a simple-format lossy WebP (RIFF, WEBP, then one 'VP8 ' chunk). */
export function vp8FrameOf(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 16) !== 'WEBPVP8 ') {
    throw new Error('not a simple lossy WebP (no alpha, no extended header)');
  }
  return webp.subarray(20, 20 + webp.readUInt32LE(16));
}

/** A playable WebM of VP8 key frames shown one after another, `frameMs` each (at most 32 s in all). */
export function vp8Webm(frames: Buffer[], frameMs: number, width: number, height: number): Buffer {
  const seconds = (frames.length * frameMs) / 1000;
  const { ebml, body } = header(seconds, width, height);
  const blocks = frames.map((frame, i) => element(0xa3, blockHead(i * frameMs), frame));
  const cluster = element(0x1f43b675, uint(0xe7, 0), ...blocks);
  return Buffer.concat([ebml, element(0x18538067, body, cluster)]);
}
