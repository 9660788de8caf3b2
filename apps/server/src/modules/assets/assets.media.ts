import { Readable } from 'node:stream';
import { AVATAR_MIN_SIDE, AVATAR_SMALLEST_SIDE, isAvatarMime } from '@darsak/domain/assets';
import { AppError } from '@darsak/domain/errors';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';

/** Stored images are WebP: about a third smaller than JPEG at the same quality, and every supported browser shows it. */
export const STORED_IMAGE = { mime: 'image/webp', ext: 'webp' } as const;
const WEBP_QUALITY = 82;
/** Video thumbnails keep their shape and are made to fit a 720p frame. */
const THUMBNAIL_BOX = { width: 1280, height: 720 } as const;
/** Refuses decompression bombs: a few MB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
/** file-type's own sample size: enough of the head of a file to recognise it. */
const SNIFF_BYTES = 4100;
const VIDEO_MIMES = ['video/mp4', 'video/webm'];

export interface Picture {
  bytes: Buffer;
  width: number;
  height: number;
}

/** What the bytes are, judged by content only (never the file name or the declared type). */
const sniff = (bytes: Uint8Array): Promise<FileTypeResult | undefined> => fileTypeFromBuffer(bytes);

/** Decodes a JPG, PNG or GIF upload and re-encodes it with `shape`; anything else is unsupported-file-type. */
async function reencode(upload: Buffer, shape: (image: Sharp) => Sharp): Promise<Picture> {
  const type = await sniff(upload);
  if (!type || !isAvatarMime(type.mime))
    throw new AppError('unsupported-file-type', { accepted: ['jpg', 'png', 'gif'] });
  try {
    const { width = 0, height = 0 } = await sharp(upload).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new AppError('large-file-size', { maxPixels: MAX_INPUT_PIXELS });
    if (Math.min(width, height) < AVATAR_SMALLEST_SIDE) {
      throw new AppError('bad-request', { fields: { image: 'image-too-small' }, minSide: AVATAR_SMALLEST_SIDE });
    }
    const image = shape(sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).rotate());
    const { data, info } = await image.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unsupported-file-type'); // recognised by its header, but the image data does not decode
  }
}

/** A profile picture: the upload's most eye-catching square, at the recommended 480x480 (small ones enlarged). */
export const squarePicture = (upload: Buffer) =>
  reencode(upload, (image) =>
    image.resize(AVATAR_MIN_SIDE, AVATAR_MIN_SIDE, { fit: 'cover', position: sharp.strategy.attention }),
  );

/** A video thumbnail: the upload's own shape, shrunk to fit 1280x720 if larger. */
export const thumbnailPicture = (upload: Buffer) =>
  reencode(upload, (image) => image.resize({ ...THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true }));

/** A transfer receipt: kept whole for reading, only shrunk to fit 2000x2000 if larger. */
export const receiptPicture = (upload: Buffer) =>
  reencode(upload, (image) => image.resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true }));

/**
 * An MP4 or WebM video, recognised from its first bytes; the whole file then streams on untouched
 * (`body` replays the head), so a 400 MB video is never held in memory.
 */
export async function sniffVideo(content: Readable): Promise<{ mime: string; ext: string; body: Readable }> {
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
  if (!type || !VIDEO_MIMES.includes(type.mime)) {
    content.destroy();
    throw new AppError('unsupported-file-type', { accepted: ['mp4', 'webm'] });
  }
  async function* replay() {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { mime: type.mime, ext: type.ext, body: Readable.from(replay()) };
}
