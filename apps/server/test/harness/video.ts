import type { UploadPart } from './multipart.ts';

// A WebM file built in code: a real EBML header and segment whose Info states the duration, one video track and
// one cluster of filler bytes. Players would find no frames in it; the server reads only the container, which is
// what the intro-video rules check (the length the file itself states, and its size).

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
const uint = (hex: number, value: number) => element(hex, Buffer.from([value]));
const text = (hex: number, value: string) => element(hex, Buffer.from(value, 'ascii'));
const float = (hex: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(hex, bytes);
};

function header(seconds: number) {
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
    element(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), // TimecodeScale: 1 ms
    float(0x4489, seconds * 1000),
    text(0x4d80, 'darsak-test'),
    text(0x5741, 'darsak-test'),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae,
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      text(0x86, 'V_VP8'),
      element(0xe0, uint(0xb0, 16), uint(0xba, 16)),
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
  const { ebml, body } = header(seconds);
  const blockHead = Buffer.concat([id(0xa3), size(fillerBytes)]);
  const clusterHead = Buffer.concat([uint(0xe7, 0), blockHead]);
  const clusterSize = clusterHead.length + fillerBytes;
  const segmentSize = body.length + id(0x1f43b675).length + 8 + clusterSize;
  yield Buffer.concat([ebml, id(0x18538067), size(segmentSize), body, id(0x1f43b675), size(clusterSize), clusterHead]);
  const chunk = Buffer.alloc(Math.min(chunkBytes, fillerBytes), 0x5a);
  for (let left = fillerBytes; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

/** An intro-video upload part stating `seconds`. */
export const introVideoPart = (seconds: number, fillerBytes?: number): UploadPart => ({
  filename: 'intro.webm',
  contentType: 'video/webm',
  data: webmBytes(seconds, fillerBytes),
});
