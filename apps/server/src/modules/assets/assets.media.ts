import { once } from 'node:events';
import { PassThrough, Readable, Transform } from 'node:stream';
import {
  AVATAR_MAX_PIXELS,
  AVATAR_MIN_SIDE,
  AVATAR_SMALLEST_SIDE,
  isAvatarMime,
  isPlayableQuickTime,
  isVideoMime,
} from '@darsak/domain/assets';
import { AppError } from '@darsak/domain/errors';
import type { FileTypeResult } from 'file-type';
import type { Sharp } from 'sharp';
import { videoLength } from './assets.video-length.ts';

/** Stored images are WebP: about a third smaller than JPEG at the same quality, and every supported browser shows it. */
export const STORED_IMAGE = { mime: 'image/webp', ext: 'webp' } as const;
const WEBP_QUALITY = 82;
/** Video thumbnails keep their shape and are made to fit a 720p frame. */
const THUMBNAIL_BOX = { width: 1280, height: 720 } as const;
/** Decodes at once per process: each may hold its picture's pixels (up to about 72 MB) in memory. */
const MAX_DECODES_AT_ONCE = 2;
/** file-type's own sample size: enough of the head of a file to recognise it. */
const SNIFF_BYTES = 4100;
const QUICKTIME = 'video/quicktime';

export interface Picture {
  bytes: Buffer;
  width: number;
  height: number;
}

// sharp (a native addon) and file-type load at the first upload that needs them, not at start:
// together they were about a tenth of the server's start-up (issue 14).
const loadSharp = async () => (await import('sharp')).default;

/** What the bytes are, judged by content only (never the file name or the declared type). */
const sniff = async (bytes: Uint8Array): Promise<FileTypeResult | undefined> =>
  (await import('file-type')).fileTypeFromBuffer(bytes);

/** The dimensions a picture's header claims, read without decoding its pixels (so without sharp's own cap). */
async function headerSize(upload: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const { width = 0, height = 0 } = await sharp(upload, { limitInputPixels: false }).metadata();
    return { width, height };
  } catch {
    throw new AppError('unsupported-file-type'); // recognised by its first bytes, but no readable header
  }
}

/** Runs at most `limit` of the given jobs at a time, the others waiting in turn. */
function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
const decoding = gate(MAX_DECODES_AT_ONCE);

/**
 * Decodes a JPG, PNG or GIF upload and re-encodes it with `shape`; anything else is unsupported-file-type. A
 * picture over AVATAR_MAX_PIXELS is refused from its header, before any decoding (image bombs), and sharp's
 * own limit stays as a second guard.
 */
async function reencode(upload: Buffer, shape: (image: Sharp) => Sharp): Promise<Picture> {
  const type = await sniff(upload);
  if (!type || !isAvatarMime(type.mime))
    throw new AppError('unsupported-file-type', { accepted: ['jpg', 'png', 'gif'] });
  const { width, height } = await headerSize(upload);
  if (width * height > AVATAR_MAX_PIXELS) throw new AppError('large-file-size', { maxPixels: AVATAR_MAX_PIXELS });
  if (Math.min(width, height) < AVATAR_SMALLEST_SIDE) {
    throw new AppError('bad-request', { fields: { image: 'image-too-small' }, minSide: AVATAR_SMALLEST_SIDE });
  }
  const sharp = await loadSharp();
  return decoding(async () => {
    try {
      const image = shape(sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS }).rotate());
      const { data, info } = await image.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    } catch {
      throw new AppError('unsupported-file-type'); // recognised by its header, but the image data does not decode
    }
  });
}

/** A profile picture: the upload's most eye-catching square, at the recommended 480x480 (small ones enlarged). */
export const squarePicture = (upload: Buffer) =>
  reencode(upload, (image) => image.resize(AVATAR_MIN_SIDE, AVATAR_MIN_SIDE, { fit: 'cover', position: 'attention' }));

/** A video thumbnail: the upload's own shape, shrunk to fit 1280x720 if larger. */
export const thumbnailPicture = (upload: Buffer) =>
  reencode(upload, (image) => image.resize({ ...THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true }));

/** A transfer receipt: kept whole for reading, only shrunk to fit 2000x2000 if larger. */
export const receiptPicture = (upload: Buffer) =>
  reencode(upload, (image) => image.resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true }));

/**
 * An MP4, WebM or QuickTime video, recognised from its first bytes; the whole file then streams on untouched
 * (`body` replays the head), so a 400 MB video is never held in memory.
 */
async function sniffVideo(content: Readable): Promise<{ mime: string; ext: string; body: Readable }> {
  const chunks = content[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  const type = await sniff(Buffer.concat(head));
  if (!type || !isVideoMime(type.mime)) {
    content.destroy();
    throw new AppError('unsupported-file-type', { accepted: ['mp4', 'webm', 'mov'] });
  }
  async function* replay() {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { mime: type.mime, ext: type.ext, body: Readable.from(replay()) };
}

/** Bytes the duration reader may lag behind the upload before the upload waits for it. */
const READER_LAG_BYTES = 1024 * 1024;

/**
 * A video recognised as by `sniffVideo`, whose bytes are read on the way to storage (`videoLength`) for the length
 * its packets span, whatever its header states. `body` must be consumed; `durationSeconds` settles once the reader
 * has read to the end (undefined when it found no packets), never holding more than about a megabyte of the upload
 * besides one index box. A QuickTime video whose tracks do not play in every browser (HEVC) fails it with
 * unplayable-video.
 */
export async function measuredVideo(content: Readable) {
  const video = await sniffVideo(content);
  const toReader = new PassThrough({ highWaterMark: READER_LAG_BYTES });
  let readerDone = false;
  const durationSeconds = videoLength(toReader, video.mime)
    .then(
      ({ durationSeconds, formats }) => {
        if (video.mime === QUICKTIME && formats && !isPlayableQuickTime(formats))
          throw new AppError('unplayable-video');
        return durationSeconds;
      },
      () => undefined,
    )
    .finally(() => {
      readerDone = true;
      toReader.destroy(); // the reader wants no more: the rest of the upload goes to storage only
    });
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (readerDone || toReader.write(chunk)) return done(null, chunk);
      Promise.race([once(toReader, 'drain'), durationSeconds]).then(() => done(null, chunk), done);
    },
    flush(done) {
      if (!readerDone) toReader.end();
      done();
    },
  });
  video.body.on('error', (error) => tee.destroy(error));
  durationSeconds.catch(() => undefined); // a refusal is the caller's to read, once its upload has settled
  return { mime: video.mime, ext: video.ext, body: video.body.pipe(tee), durationSeconds };
}
