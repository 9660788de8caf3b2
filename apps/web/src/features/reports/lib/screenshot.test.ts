import { describe, expect, it } from 'vitest';
import { coverBetween, isTinyCover } from './screenshot.ts';

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
});
