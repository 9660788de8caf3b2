// QuickTime (.mov) files built in code, shaped as an iPhone records them: an `ftyp qt  ` head, a movie with a
// video track and a sound track, then the media. The media is filler: the server reads the tracks' formats and
// their sample tables (each sample's duration), not the length the headers state.

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const zeros = (n: number) => Buffer.alloc(n);
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

interface TrackShape {
  id: number;
  kind: 'vide' | 'soun';
  timeScale: number;
  /** Every sample lasts `sampleDelta` of the time scale, enough of them to fill `seconds`. */
  sampleDelta: number;
  seconds: number;
  /** The length the media header states. */
  claimedSeconds: number;
  entry: Buffer;
}

/** A track: its header, its media's clock and stated length, its kind and one sample entry, then its samples' times. */
function track({ id, kind, timeScale, sampleDelta, seconds, claimedSeconds, entry }: TrackShape) {
  const tkhd = zeros(84);
  tkhd.writeUInt32BE(id, 12);
  const mdhd = Buffer.concat([zeros(12), uint32(timeScale), uint32(Math.round(timeScale * claimedSeconds)), zeros(4)]);
  const hdlr = Buffer.concat([zeros(8), Buffer.from(kind, 'latin1'), zeros(13)]);
  const samples = Math.ceil((timeScale * seconds) / sampleDelta);
  // The sample table: one sample entry, the samples' durations (one run), their sizes (all alike).
  const stbl = box(
    'stbl',
    box('stsd', zeros(4), uint32(1), entry),
    box('stts', zeros(4), uint32(1), uint32(samples), uint32(sampleDelta)),
    box('stsz', zeros(4), uint32(4), uint32(samples)),
  );
  return box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), box('minf', stbl)));
}

/** A sample entry: its format's four letters, the data reference, then the format's own description. */
const sampleEntry = (format: string, description: Buffer) => box(format, zeros(6), Buffer.from([0, 1]), description);

/** A 44.1 kHz stereo sound description (version 0). */
function soundDescription() {
  const description = zeros(20);
  description.writeInt16BE(2, 8); // channels
  description.writeInt16BE(16, 10); // bits per sample
  description.writeUInt32BE(44_100 * 2 ** 16, 16); // sample rate, 16.16 fixed point
  return description;
}

/**
 * A `.mov` of `seconds` (30 frames a second, AAC frames of 1024 samples) whose video track is in `videoFormat`
 * (avc1: H.264, hvc1: HEVC) and sound in `soundFormat`; its headers state `claimedSeconds`.
 */
export function quickTimeBytes(
  seconds: number,
  { videoFormat = 'avc1', soundFormat = 'mp4a', fillerBytes = 4096, claimedSeconds = seconds } = {},
): Buffer {
  const ftyp = box('ftyp', Buffer.from('qt  ', 'latin1'), zeros(4), Buffer.from('qt  ', 'latin1'));
  const lengths = { seconds, claimedSeconds };
  const moov = box(
    'moov',
    box('mvhd', zeros(100)),
    track({
      id: 1,
      kind: 'vide',
      timeScale: 600,
      sampleDelta: 20,
      ...lengths,
      entry: sampleEntry(videoFormat, zeros(70)),
    }),
    track({
      id: 2,
      kind: 'soun',
      timeScale: 44_100,
      sampleDelta: 1024,
      ...lengths,
      entry: sampleEntry(soundFormat, soundDescription()),
    }),
  );
  return Buffer.concat([ftyp, moov, box('mdat', zeros(fillerBytes))]);
}

/** An intro-video upload part as an iPhone sends it: a `.mov` of `seconds`, its picture in `videoFormat`. */
export const quickTimePart = (seconds: number, videoFormat = 'avc1') => ({
  filename: 'IMG_0001.MOV',
  contentType: 'video/quicktime',
  data: quickTimeBytes(seconds, { videoFormat }),
});
