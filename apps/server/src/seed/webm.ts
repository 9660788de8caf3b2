// WebM files built in code (no ffmpeg): an EBML header and a segment whose Info states the duration, one VP8 video
// track and one cluster. The demo seed fills the cluster with real VP8 key frames (a lossy WebP is one VP8 key
// frame in a RIFF box), so browsers play the tutors' intro clips; the server's tests fill it with filler bytes,
// which is enough for the intro-video rules (they read only the container: the stated length and the size).

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

/** The bytes of a WebM stating `seconds`, padded with about `fillerBytes` of cluster data. */
export function webmBytes(seconds: number, fillerBytes = 2048): Buffer {
  return Buffer.concat([...webmParts(seconds, fillerBytes, fillerBytes)]);
}

/**
 * The same file as chunks of at most `chunkBytes`, generated on the way (a 300 MB file is never held whole).
 * The filler is one SimpleBlock inside one cluster.
 */
export function* webmParts(seconds: number, fillerBytes: number, chunkBytes = 1024 * 1024): Generator<Buffer> {
  const { ebml, body } = header(seconds, 16, 16);
  const blockHead = Buffer.concat([id(0xa3), size(fillerBytes)]);
  const clusterHead = Buffer.concat([uint(0xe7, 0), blockHead]);
  const clusterSize = clusterHead.length + fillerBytes;
  const segmentSize = body.length + id(0x1f43b675).length + 8 + clusterSize;
  yield Buffer.concat([ebml, id(0x18538067), size(segmentSize), body, id(0x1f43b675), size(clusterSize), clusterHead]);
  const chunk = Buffer.alloc(Math.min(chunkBytes, fillerBytes), 0x5a);
  for (let left = fillerBytes; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
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
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(i * frameMs, 1); // time from the cluster's start
    head[3] = 0x80; // a key frame
    return element(0xa3, head, frame);
  });
  const cluster = element(0x1f43b675, uint(0xe7, 0), ...blocks);
  return Buffer.concat([ebml, element(0x18538067, body, cluster)]);
}
