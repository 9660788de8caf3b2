import { describe, expect, it } from 'vitest';
import { coverBetween, isTinyCover, moveCover, resizeCover } from './screenshot.ts';

describe('screenshot covers', () => {
  it('span the drag whichever way it went, inside the picture', () => {
    expect(coverBetween({ x: 0.75, y: 0.5 }, { x: 0.25, y: 0.125 })).toEqual({
      x: 0.25,
      y: 0.125,
      width: 0.5,
      height: 0.375,
    });
    expect(coverBetween({ x: -0.25, y: 0.75 }, { x: 0.5, y: 1.5 })).toEqual({
      x: 0,
      y: 0.75,
      width: 0.5,
      height: 0.25,
    });
  });

  it('treat a click as no cover', () => {
    expect(isTinyCover(coverBetween({ x: 0.3, y: 0.3 }, { x: 0.305, y: 0.5 }))).toBe(true);
    expect(isTinyCover(coverBetween({ x: 0.3, y: 0.3 }, { x: 0.4, y: 0.5 }))).toBe(false);
  });

  it('move and resize by keyboard steps without leaving the picture', () => {
    const cover = { x: 0.35, y: 0.4, width: 0.3, height: 0.2 };
    expect(moveCover(cover, 0.01, -0.1)).toEqual({ ...cover, x: 0.36, y: 0.3 });
    expect(moveCover(cover, 0.5, 0.5)).toEqual({ ...cover, x: 0.7, y: 0.8 });
    expect(moveCover(cover, -0.5, -0.5)).toEqual({ ...cover, x: 0, y: 0 });
    expect(resizeCover(cover, 0.1, -0.01)).toEqual({ ...cover, width: 0.4, height: 0.19 });
    expect(resizeCover(cover, 1, -1)).toEqual({ ...cover, width: 0.65, height: 0.02 });
  });
});
