import { z } from 'zod';

export const AssetType = { image: 'image', video: 'video', thumbnail: 'thumbnail' } as const;
export type AssetType = (typeof AssetType)[keyof typeof AssetType];
export const AssetTypeSchema = z.enum(AssetType);

const MIB = 1024 * 1024;

/** Spec §5 recommends at least 480x480 in JPG, PNG or GIF. */
export const AVATAR_MIN_SIDE = 480;
/** Smaller images are refused (image-too-small); 100 to 479 pixels are accepted and enlarged to 480x480. */
export const AVATAR_SMALLEST_SIDE = 100;
export const AVATAR_MIME = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type AvatarMime = (typeof AVATAR_MIME)[number];
export const AVATAR_MAX_BYTES = 5 * MIB;
/**
 * Pictures past 24 megapixels (6000x4000) are refused from their header, before decoding: a few hundred bytes
 * can claim billions of pixels, and each decoded megapixel costs the server about 3 MB.
 */
export const AVATAR_MAX_PIXELS = 24_000_000;

/** DESIGN §4: 1 to 3 minutes, checked from the file itself, at most 400 MB. */
export const INTRO_VIDEO = { minSeconds: 60, maxSeconds: 180, maxBytes: 400 * MIB } as const;

export const isAvatarMime = (mime: string): mime is AvatarMime => (AVATAR_MIME as readonly string[]).includes(mime);

export const isAvatarLargeEnough = (width: number, height: number): boolean =>
  width >= AVATAR_MIN_SIDE && height >= AVATAR_MIN_SIDE;

/** The error code a video duration earns, or null when it fits. */
export function introVideoDurationError(seconds: number): 'short-video-dur' | 'long-video-dur' | null {
  if (!(seconds >= INTRO_VIDEO.minSeconds)) return 'short-video-dur';
  if (seconds > INTRO_VIDEO.maxSeconds) return 'long-video-dur';
  return null;
}
