import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** A piece of one line, drawn left to right in the order given, in one font and one direction. */
export interface LinePiece<F extends string> {
  /** The characters in logical order (an RTL piece's glyphs are reversed by the font's shaping). */
  text: string;
  font: F;
  rtl: boolean;
}

// Marks that steer the bidi algorithm and draw nothing (LRM, RLM, ALM, embeddings, isolates).
const INVISIBLE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Characters of the Arabic script, which fontkit lays out right to left (its digits too). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * One line of mixed Arabic and Latin text as the pieces to draw from left to right, by the Unicode bidi algorithm
 * (bidi-js): levels resolved, mirrored characters swapped (parentheses in Arabic), runs reordered (rule L2). Each
 * piece keeps one font (`fontOf` picks it per character: the Arabic font has no Latin letters) so its shaping sees
 * whole words. The font's shaping (fontkit) reverses any piece in Arabic script, the Arabic-Indic digits included;
 * a piece whose direction is not what the shaper assumes (neutrals in a right-to-left run, digits in a left-to-right
 * one) is reversed here first, so what is drawn is in visual order.
 */
export function lineInVisualOrder<F extends string>(
  line: string,
  direction: 'rtl' | 'ltr',
  fontOf: (char: string) => F,
): LinePiece<F>[] {
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { text: string; font: F; level: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    const raw = line.charAt(i);
    if (INVISIBLE.test(raw)) continue;
    const char = mirrored.get(i) ?? raw;
    const level = levels[i] ?? 0;
    const last = runs.at(-1);
    // a space stays in the run it is in (every font has one), so a phrase is shaped as one piece
    const font = char === ' ' && last?.level === level ? last.font : fontOf(char);
    if (last && last.level === level && last.font === font) last.text += char;
    else runs.push({ text: char, font, level });
  }
  // L2: from the highest level to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if ((runs[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) => {
    const rtl = run.level % 2 === 1;
    const shaperReverses = ARABIC_SCRIPT.test(run.text);
    const text = rtl === shaperReverses ? run.text : [...run.text].reverse().join('');
    return { text, font: run.font, rtl };
  });
}
