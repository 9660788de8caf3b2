import { describe, expect, it } from 'vitest';
import {
  AssetTypeSchema,
  AVATAR_MAX_BYTES,
  INTRO_VIDEO,
  introVideoDurationError,
  isAvatarLargeEnough,
  isAvatarMime,
  isPlayableQuickTime,
  isQuickTimeFile,
  isVideoFile,
  isVideoMime,
  VIDEO_ACCEPT,
} from './assets.constants.ts';

describe('assets', () => {
  it('has the asset types and limits', () => {
    expect(AssetTypeSchema.options).toEqual(['image', 'video', 'thumbnail']);
    expect(AVATAR_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(INTRO_VIDEO).toEqual({ minSeconds: 60, maxSeconds: 180, maxBytes: 400 * 1024 * 1024 });
  });

  it('accepts JPG, PNG and GIF avatars of at least 480x480', () => {
    expect(isAvatarMime('image/jpeg')).toBe(true);
    expect(isAvatarMime('image/gif')).toBe(true);
    expect(isAvatarMime('image/webp')).toBe(false);
    expect(isAvatarLargeEnough(480, 480)).toBe(true);
    expect(isAvatarLargeEnough(479, 1000)).toBe(false);
    expect(isAvatarLargeEnough(1000, 479)).toBe(false);
  });

  it('takes MP4, WebM and QuickTime videos, the picker naming the same types and their extensions', () => {
    for (const mime of ['video/mp4', 'video/webm', 'video/quicktime']) {
      expect(isVideoMime(mime)).toBe(true);
      expect(VIDEO_ACCEPT.split(',')).toContain(mime);
    }
    expect(isVideoMime('video/x-matroska')).toBe(false);
    expect(VIDEO_ACCEPT.split(',')).toContain('.mov');
    expect(isVideoFile({ type: 'video/quicktime', name: 'IMG_0001.MOV' })).toBe(true);
    expect(isVideoFile({ type: '', name: 'IMG_0001.MOV' })).toBe(true); // no type named by the system
    expect(isVideoFile({ type: 'video/x-matroska', name: 'intro.mkv' })).toBe(false);
    expect(isVideoFile({ type: '', name: 'intro.avi' })).toBe(false);
    expect(isQuickTimeFile({ type: '', name: 'IMG_0001.MOV' })).toBe(true);
    expect(isQuickTimeFile({ type: 'video/mp4', name: 'intro.mp4' })).toBe(false);
  });

  it('keeps a QuickTime video whose picture is H.264 and sound AAC (an iPhone\'s "Most Compatible")', () => {
    expect(isPlayableQuickTime({ picture: ['avc1'], sound: ['mp4a'] })).toBe(true);
    expect(isPlayableQuickTime({ picture: ['avc1', 'mebx'], sound: [] })).toBe(true); // metadata track, no sound
    expect(isPlayableQuickTime({ picture: ['hvc1'], sound: ['mp4a'] })).toBe(false); // "High Efficiency"
    expect(isPlayableQuickTime({ picture: ['avc1'], sound: ['lpcm'] })).toBe(false);
    expect(isPlayableQuickTime({ picture: [], sound: ['mp4a'] })).toBe(false);
  });

  it('checks the intro video duration at its bounds', () => {
    expect(introVideoDurationError(59.9)).toBe('short-video-dur');
    expect(introVideoDurationError(60)).toBeNull();
    expect(introVideoDurationError(180)).toBeNull();
    expect(introVideoDurationError(180.1)).toBe('long-video-dur');
    expect(introVideoDurationError(Number.NaN)).toBe('short-video-dur');
  });
});
