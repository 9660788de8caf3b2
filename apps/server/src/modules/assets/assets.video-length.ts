// How long a video really plays, measured from its packets as they stream by: the blocks of a WebM (Matroska)
// and the sample tables or fragment runs of an MP4 or QuickTime. The length a container's header states is never
// read: an 8-second clip whose header claims 90 s measures 8 s. Frames are not decoded; payloads are skipped
// unread, so memory stays at one index box (at most MAX_INDEX_BYTES) and time grows with the file's size only.

/** The largest `moov` or `moof` read whole: a two-hour video's sample tables take a few megabytes. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
/** Elements or boxes walked before a file is given up as hostile: a 3-minute 60 fps clip with sound has ~20,000. */
const MAX_ELEMENTS = 1_000_000;

export interface VideoLength {
  /** From the first packet's start to the last one's end, over the picture and sound tracks; undefined without packets. */
  durationSeconds: number | undefined;
  /** The sample formats of an MP4's or QuickTime's tracks (`avc1`, `mp4a`…); undefined for WebM or without tracks. */
  formats: { picture: string[]; sound: string[] } | undefined;
}

/** Exact reads and skips over a stream of chunks, keeping only what a read asks for. */
function byteReader(source: AsyncIterable<Buffer>) {
  const chunks = source[Symbol.asyncIterator]();
  let parts: Buffer[] = [];
  let buffered = 0;
  async function pull(): Promise<boolean> {
    const next = await chunks.next();
    if (next.done) return false;
    parts.push(next.value);
    buffered += next.value.length;
    return true;
  }
  return {
    /** Exactly `n` bytes, or undefined when the stream ends first. */
    async read(n: number): Promise<Buffer | undefined> {
      while (buffered < n) if (!(await pull())) return undefined;
      const all = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
      parts = all.length > n ? [all.subarray(n)] : [];
      buffered -= n;
      return all.subarray(0, n);
    },
    /** Passes `n` bytes by; false when the stream ends first. */
    async skip(n: number): Promise<boolean> {
      let left = n;
      while (left > 0) {
        if (buffered === 0 && !(await pull())) return false;
        const first = parts[0] as Buffer;
        const taken = Math.min(left, first.length);
        if (taken === first.length) parts.shift();
        else parts[0] = first.subarray(taken);
        buffered -= taken;
        left -= taken;
      }
      return true;
    },
  };
}
type ByteReader = ReturnType<typeof byteReader>;

/**
 * One track's packets: the earliest start, the latest start and the interval before it. The last packet is taken
 * to last as long as that interval, never as long as it says it lasts (a claim, like the header's).
 */
function packetSpan() {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let interval = 0;
  const span = {
    packet(start: number) {
      first = Math.min(first, start);
      if (start <= last) return;
      if (last > Number.NEGATIVE_INFINITY) interval = start - last;
      last = start;
    },
    /** `count` packets `delta` apart from `start` (a run of an MP4 sample table). */
    run(start: number, count: number, delta: number) {
      if (count < 1) return;
      span.packet(start);
      const lastOfRun = start + (count - 1) * delta;
      if (lastOfRun <= last) return;
      span.packet(lastOfRun);
      interval = delta;
    },
    /** Start and end in the track's units, or undefined without packets. */
    bounds: () => (last === Number.NEGATIVE_INFINITY ? undefined : { first, end: last + interval }),
  };
  return span;
}
type PacketSpan = ReturnType<typeof packetSpan>;

/** The length over several tracks, each span with the seconds of its unit. */
function lengthOf(tracks: { span: PacketSpan; secondsPerUnit: number }[]): number | undefined {
  let first = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const { span, secondsPerUnit } of tracks) {
    const bounds = span.bounds();
    if (!bounds || !Number.isFinite(secondsPerUnit) || secondsPerUnit <= 0) continue;
    first = Math.min(first, bounds.first * secondsPerUnit);
    end = Math.max(end, bounds.end * secondsPerUnit);
  }
  return end === Number.NEGATIVE_INFINITY ? undefined : end - first;
}

// --- WebM (Matroska) -------------------------------------------------------------------------------------------

const EBML = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;
/** Elements whose children are read; any other is skipped whole, unless its size is unknown (then it is entered). */
const EBML_ENTERED = new Set<number>([
  EBML.segment,
  EBML.info,
  EBML.tracks,
  EBML.trackEntry,
  EBML.cluster,
  EBML.blockGroup,
]);
const UINT_ELEMENTS = new Set<number>([EBML.timecodeScale, EBML.trackNumber, EBML.trackType, EBML.clusterTimecode]);
/** Track types of picture and sound (subtitles and others are not part of the clip's length). */
const AV_TRACK_TYPES = new Set([1, 2]);
const UNKNOWN_SIZE = -1;

const vintLength = (first: number) => (first === 0 ? 9 : Math.clz32(first) - 23);

/** An element id (its marker bit kept) and size (UNKNOWN_SIZE when all its bits are set), or undefined. */
async function elementHead(reader: ByteReader): Promise<{ id: number; size: number } | undefined> {
  const idFirst = await reader.read(1);
  const idLength = idFirst ? vintLength(idFirst[0] as number) : 9;
  if (!idFirst || idLength > 4) return undefined;
  const idRest = await reader.read(idLength - 1);
  const sizeFirst = await reader.read(1);
  const sizeLength = sizeFirst ? vintLength(sizeFirst[0] as number) : 9;
  if (!idRest || !sizeFirst || sizeLength > 8) return undefined;
  const sizeRest = await reader.read(sizeLength - 1);
  if (!sizeRest) return undefined;
  const id = Buffer.concat([idFirst, idRest]).readUIntBE(0, idLength);
  let size = (sizeFirst[0] as number) & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (const byte of sizeRest) {
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  if (allOnes) return { id, size: UNKNOWN_SIZE };
  return Number.isSafeInteger(size) ? { id, size } : undefined;
}

const readUint = (bytes: Buffer) => bytes.reduce((value, byte) => value * 256 + byte, 0);

/**
 * A WebM's length from its blocks' timecodes (cluster timecode plus the block's own), in the segment's timecode
 * scale. The elements are walked flat: entering a master element just reads on into its children, so clusters
 * of unknown size (a browser's MediaRecorder writes them) read as any other. A block counts once its bytes are in.
 */
async function webmLength(reader: ByteReader): Promise<number | undefined> {
  let timecodeScaleNs = 1_000_000;
  let clusterTimecode = 0;
  const trackTypes = new Map<number, number>();
  let entry: { number?: number; type?: number } = {};
  const spans = new Map<number, PacketSpan>();
  for (let elements = 0; ; elements += 1) {
    if (elements === MAX_ELEMENTS) return undefined;
    const head = await elementHead(reader);
    if (!head) break;
    if (head.id === EBML.trackEntry) entry = {};
    if (EBML_ENTERED.has(head.id) || head.size === UNKNOWN_SIZE) continue;
    if (UINT_ELEMENTS.has(head.id)) {
      const bytes = head.size <= 8 ? await reader.read(head.size) : undefined;
      if (!bytes) break;
      const value = readUint(bytes);
      if (head.id === EBML.timecodeScale && value > 0) timecodeScaleNs = value;
      else if (head.id === EBML.clusterTimecode) clusterTimecode = value;
      else if (head.id === EBML.trackNumber) entry.number = value;
      else if (head.id === EBML.trackType) entry.type = value;
      if (entry.number !== undefined && entry.type !== undefined) trackTypes.set(entry.number, entry.type);
    } else if (head.id === EBML.simpleBlock || head.id === EBML.block) {
      const block = await blockHead(reader, head.size);
      if (!block) break;
      const type = trackTypes.get(block.track);
      if (type !== undefined && !AV_TRACK_TYPES.has(type)) continue;
      const span = spans.get(block.track) ?? packetSpan();
      spans.set(block.track, span);
      span.packet(clusterTimecode + block.timecode);
    } else if (!(await reader.skip(head.size))) break;
  }
  const secondsPerUnit = timecodeScaleNs / 1e9;
  return lengthOf([...spans.values()].map((span) => ({ span, secondsPerUnit })));
}

/** A block's track and timecode (relative to its cluster), once its whole payload has passed; else undefined. */
async function blockHead(reader: ByteReader, size: number): Promise<{ track: number; timecode: number } | undefined> {
  const first = await reader.read(1);
  const trackLength = first ? vintLength(first[0] as number) : 9;
  if (!first || trackLength > 8 || size < trackLength + 3) return undefined;
  const rest = await reader.read(trackLength + 2);
  if (!rest) return undefined;
  const track = readUint(
    Buffer.concat([Buffer.from([(first[0] as number) & (0xff >> trackLength)]), rest.subarray(0, trackLength - 1)]),
  );
  const timecode = rest.readInt16BE(trackLength - 1);
  // The flags byte (the last one read) and the frames themselves are not needed.
  return (await reader.skip(size - trackLength - 3)) ? { track, timecode } : undefined;
}

// --- MP4 and QuickTime (ISO base media) ------------------------------------------------------------------------

interface IsoTrack {
  handler: string;
  timescale: number;
  format: string;
  /** `trex`: the sample duration of fragments that state none. */
  defaultDuration: number;
  /** Where the next fragment starts when it has no `tfdt`. */
  cursor: number;
  span: PacketSpan;
}

/** The boxes inside `body`, in order; a box running past its parent ends the walk. */
function* boxes(body: Buffer): Generator<{ type: string; body: Buffer }> {
  for (let at = 0; at + 8 <= body.length; ) {
    let size = body.readUInt32BE(at);
    let head = 8;
    if (size === 1) {
      if (at + 16 > body.length) return;
      size = Number(body.readBigUInt64BE(at + 8));
      head = 16;
    } else if (size === 0) size = body.length - at;
    if (size < head || at + size > body.length) return;
    yield { type: body.toString('latin1', at + 4, at + 8), body: body.subarray(at + head, at + size) };
    at += size;
  }
}

/** The first box of `type` down the path of `types` (`child(moov, 'mvex', 'trex')`), or undefined. */
function child(body: Buffer | undefined, ...types: string[]): Buffer | undefined {
  let found = body;
  for (const type of types) {
    if (!found) return undefined;
    let next: Buffer | undefined;
    for (const box of boxes(found)) {
      if (box.type === type) {
        next = box.body;
        break;
      }
    }
    found = next;
  }
  return found;
}

const fits = (body: Buffer | undefined, bytes: number): body is Buffer => body !== undefined && body.length >= bytes;

/** The id of a `trak`'s or `traf`'s track, from its `tkhd` or `tfhd`. */
function trackIdOf(tkhd: Buffer | undefined): number | undefined {
  if (!fits(tkhd, 4)) return undefined;
  const at = tkhd[0] === 1 ? 20 : 12;
  return fits(tkhd, at + 4) ? tkhd.readUInt32BE(at) : undefined;
}

/** A `trak`: its kind, clock, sample format, and the packets of its sample table (`stts`: runs of equal durations). */
function readTrak(trak: Buffer, tracks: Map<number, IsoTrack>): void {
  const id = trackIdOf(child(trak, 'tkhd'));
  const mdhd = child(trak, 'mdia', 'mdhd');
  const hdlr = child(trak, 'mdia', 'hdlr');
  if (id === undefined || !fits(mdhd, 24) || !fits(hdlr, 12)) return;
  const timescale = mdhd.readUInt32BE(mdhd[0] === 1 ? 20 : 12);
  const stbl = child(trak, 'mdia', 'minf', 'stbl');
  const stsd = child(stbl, 'stsd');
  const track: IsoTrack = {
    handler: hdlr.toString('latin1', 8, 12),
    timescale,
    format: fits(stsd, 16) ? stsd.toString('latin1', 12, 16) : '',
    defaultDuration: 0,
    cursor: 0,
    span: packetSpan(),
  };
  tracks.set(id, track);
  const stts = child(stbl, 'stts');
  if (!fits(stts, 8)) return;
  const entries = Math.min(stts.readUInt32BE(4), Math.floor((stts.length - 8) / 8));
  for (let i = 0; i < entries; i += 1) {
    const count = stts.readUInt32BE(8 + i * 8);
    const delta = stts.readUInt32BE(12 + i * 8);
    track.span.run(track.cursor, count, delta);
    track.cursor += count * delta;
  }
}

function readMoov(moov: Buffer, tracks: Map<number, IsoTrack>): void {
  for (const box of boxes(moov)) if (box.type === 'trak') readTrak(box.body, tracks);
  const mvex = child(moov, 'mvex');
  for (const box of mvex ? boxes(mvex) : []) {
    const track = box.type === 'trex' && fits(box.body, 16) ? tracks.get(box.body.readUInt32BE(4)) : undefined;
    if (track) track.defaultDuration = box.body.readUInt32BE(12);
  }
}

/** `tfhd`'s track id and default sample duration, if it states one. */
function fragmentHeader(tfhd: Buffer | undefined): { id: number; defaultDuration?: number } | undefined {
  if (!fits(tfhd, 8)) return undefined;
  const flags = tfhd.readUIntBE(1, 3);
  const at = 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0);
  const id = tfhd.readUInt32BE(4);
  return flags & 0x8 && fits(tfhd, at + 4) ? { id, defaultDuration: tfhd.readUInt32BE(at) } : { id };
}

/** A fragment's runs (`trun`) from its decode time (`tfdt`), each sample with its own duration or the default. */
function readMoof(moof: Buffer, tracks: Map<number, IsoTrack>): void {
  for (const traf of boxes(moof)) {
    if (traf.type !== 'traf') continue;
    const header = fragmentHeader(child(traf.body, 'tfhd'));
    const track = header && tracks.get(header.id);
    if (!track) continue;
    const tfdt = child(traf.body, 'tfdt');
    if (fits(tfdt, 8))
      track.cursor = tfdt[0] === 1 && fits(tfdt, 12) ? Number(tfdt.readBigUInt64BE(4)) : tfdt.readUInt32BE(4);
    const defaultDuration = header.defaultDuration ?? track.defaultDuration;
    for (const trun of boxes(traf.body)) if (trun.type === 'trun') readTrun(trun.body, track, defaultDuration);
  }
}

function readTrun(trun: Buffer, track: IsoTrack, defaultDuration: number): void {
  if (!fits(trun, 8)) return;
  const flags = trun.readUIntBE(1, 3);
  const count = trun.readUInt32BE(4);
  const first = 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
  const stride = 4 * [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length;
  if (!(flags & 0x100)) {
    track.span.run(track.cursor, count, defaultDuration);
    track.cursor += count * defaultDuration;
    return;
  }
  const samples = Math.min(count, Math.floor((trun.length - first) / stride));
  for (let i = 0; i < samples; i += 1) {
    track.span.packet(track.cursor);
    track.cursor += trun.readUInt32BE(first + i * stride);
  }
}

/** An MP4's or QuickTime's length from its picture and sound tracks' samples, and their formats. */
async function isoLength(reader: ByteReader): Promise<VideoLength> {
  const tracks = new Map<number, IsoTrack>();
  for (let walked = 0; ; walked += 1) {
    if (walked === MAX_ELEMENTS) return { durationSeconds: undefined, formats: undefined };
    const head = await reader.read(8);
    if (!head) break;
    let size = head.readUInt32BE(0);
    let headLength = 8;
    if (size === 1) {
      const large = await reader.read(8);
      if (!large) break;
      size = Number(large.readBigUInt64BE(0));
      headLength = 16;
    }
    if (size < headLength) break; // 0: the box runs to the end of the file (its media); anything else is broken
    const type = head.toString('latin1', 4, 8);
    if (type !== 'moov' && type !== 'moof') {
      if (!(await reader.skip(size - headLength))) break;
      continue;
    }
    const body = size - headLength <= MAX_INDEX_BYTES ? await reader.read(size - headLength) : undefined;
    if (!body) break;
    if (type === 'moov') readMoov(body, tracks);
    else readMoof(body, tracks);
  }
  const av = [...tracks.values()].filter((t) => t.handler === 'vide' || t.handler === 'soun');
  return {
    durationSeconds: lengthOf(av.map((t) => ({ span: t.span, secondsPerUnit: 1 / t.timescale }))),
    formats:
      av.length === 0
        ? undefined
        : {
            picture: av.filter((t) => t.handler === 'vide').map((t) => t.format),
            sound: av.filter((t) => t.handler === 'soun').map((t) => t.format),
          },
  };
}

/** The measured length of a video of `mime` (as sniffed), read from `content` to its end or until it is unreadable. */
export async function videoLength(content: AsyncIterable<Buffer>, mime: string): Promise<VideoLength> {
  const reader = byteReader(content);
  if (mime === 'video/webm') return { durationSeconds: await webmLength(reader), formats: undefined };
  return isoLength(reader);
}
