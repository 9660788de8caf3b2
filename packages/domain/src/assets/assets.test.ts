import { describe, expect, it } from 'vitest';
import {
  AssetTypeSchema,
  AVATAR_MAX_BYTES,
  INTRO_VIDEO,
  introVideoDurationError,
  isAvatarLargeEnough,
  isAvatarMime,
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

  it('checks the intro video duration at its bounds', () => {
    expect(introVideoDurationError(59.9)).toBe('short-video-dur');
    expect(introVideoDurationError(60)).toBeNull();
    expect(introVideoDurationError(180)).toBeNull();
    expect(introVideoDurationError(180.1)).toBe('long-video-dur');
    expect(introVideoDurationError(Number.NaN)).toBe('short-video-dur');
  });
});
