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

/** A video's containers as browsers name them: MP4, WebM, and QuickTime (an iPhone's .mov). */
export const VIDEO_MIME = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** A file picker's `accept` for videos: the types, and the extensions for systems that name no type. */
export const VIDEO_ACCEPT = [...VIDEO_MIME, '.mp4', '.webm', '.mov'].join(',');
export const isVideoMime = (mime: string): boolean => (VIDEO_MIME as readonly string[]).includes(mime);
/** Whether a chosen file is one of those videos: by its type, or by its extension when the system names no type. */
export const isVideoFile = (file: { type: string; name: string }): boolean =>
  file.type ? isVideoMime(file.type) : /\.(mp4|webm|mov)$/i.test(file.name);
export const isQuickTimeFile = (file: { type: string; name: string }): boolean =>
  file.type ? file.type === 'video/quicktime' : /\.mov$/i.test(file.name);

/**
 * A QuickTime video is kept when what it holds plays in every browser: H.264 picture (an iPhone's "Most
 * Compatible") with AAC sound, named by their sample formats. HEVC (an iPhone's "High Efficiency") does not play
 * in most browsers on Android and Windows.
 */
export const PLAYABLE_QUICKTIME = { picture: ['avc1', 'avc3'], sound: ['mp4a'] } as const;

/** Whether a QuickTime video's track formats are playable: an H.264 picture, and AAC for any sound. */
export function isPlayableQuickTime(formats: { picture: readonly string[]; sound: readonly string[] }): boolean {
  const among = (list: readonly string[]) => (format: string) => list.includes(format);
  return (
    formats.picture.some(among(PLAYABLE_QUICKTIME.picture)) && formats.sound.every(among(PLAYABLE_QUICKTIME.sound))
  );
}

export const isAvatarMime = (mime: string): mime is AvatarMime => (AVATAR_MIME as readonly string[]).includes(mime);

export const isAvatarLargeEnough = (width: number, height: number): boolean =>
  width >= AVATAR_MIN_SIDE && height >= AVATAR_MIN_SIDE;

/** The error code a video duration earns, or null when it fits. */
export function introVideoDurationError(seconds: number): 'short-video-dur' | 'long-video-dur' | null {
  if (!(seconds >= INTRO_VIDEO.minSeconds)) return 'short-video-dur';
  if (seconds > INTRO_VIDEO.maxSeconds) return 'long-video-dur';
  return null;
}
