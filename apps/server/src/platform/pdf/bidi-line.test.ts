import { describe, expect, it } from 'vitest';
import { lineInVisualOrder } from './bidi-line.ts';

const ARABIC = /[\u0600-\u06FF]/;
const fontOf = (char: string) => (ARABIC.test(char) ? 'arabic' : 'latin');
const drawn = (line: string, direction: 'rtl' | 'ltr') =>
  lineInVisualOrder(line, direction, fontOf).map((p) => [p.text, p.font, p.rtl]);

describe('a line in visual order', () => {
  it('puts an Arabic line’s Latin reference on its left, kept in its own order', () => {
    expect(drawn('رقم الإيصال DRS-2026-000123', 'rtl')).toEqual([
      ['DRS-2026-000123', 'latin', false],
      ['رقم الإيصال ', 'arabic', true],
    ]);
  });

  it('keeps Arabic-Indic digits left to right, reversed first for the shaper that reverses Arabic script', () => {
    // fontkit lays out the Arabic script right to left, digits too: handed reversed, they come out in order
    expect(drawn('المبلغ ١٢٣', 'rtl')).toEqual([
      ['٣٢١', 'arabic', false],
      ['المبلغ ', 'arabic', true],
    ]);
  });

  it('mirrors parentheses in a right-to-left run and drops the marks that draw nothing', () => {
    const pieces = drawn('فوري (\u2066Fawry\u2069)', 'rtl');
    expect(pieces.map(([text]) => text).join('')).not.toMatch(/[\u2066-\u2069]/);
    expect(pieces[0]).toEqual(['(', 'latin', true]);
    expect(pieces.at(-1)).toEqual(['فوري ', 'arabic', true]);
  });

  it('leaves an English line as it is', () => {
    expect(drawn('Receipt DRS-2026-000123', 'ltr')).toEqual([['Receipt DRS-2026-000123', 'latin', false]]);
  });
});
