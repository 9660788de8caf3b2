import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { lineInVisualOrder } from './bidi-line.ts';

const require = createRequire(import.meta.url);

/**
 * Cairo (SIL Open Font License, from the @fontsource/cairo package): an Arabic face whose subset files keep each
 * letter a glyph of its own, so a PDF's text can be copied and searched as written. Its Arabic file has no Latin
 * letters and its Latin file no Arabic ones: each character is drawn in the file that has it.
 */
const fontFile = (subset: 'arabic' | 'latin', weight: 400 | 700) =>
  require.resolve(`@fontsource/cairo/files/cairo-${subset}-${weight}-normal.woff`);
const FONT_FILES = {
  arabic: fontFile('arabic', 400),
  latin: fontFile('latin', 400),
  'arabic-bold': fontFile('arabic', 700),
  'latin-bold': fontFile('latin', 700),
} as const;
// Read and parsed once (the Arabic file took most of a receipt's time each time); each document still embeds
// only the glyphs it uses.
let fonts: Record<keyof typeof FONT_FILES, Font> | undefined;
const fontsOnce = () =>
  (fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.create(readFileSync(file)) as Font]),
  ) as Record<keyof typeof FONT_FILES, Font>);

type FontName = keyof typeof FONT_FILES;

/** Arabic letters, marks, digits and presentation forms: the characters the Arabic file draws. */
const ARABIC_BLOCKS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export interface TextOptions {
  /** Distance from the top of the page, in points. */
  y: number;
  size: number;
  bold?: boolean;
  /** The side of the line it starts from (right in a right-to-left page), or its other side. */
  align?: 'start' | 'end';
  color?: string;
}

/**
 * An A4 page written with pdfkit in one direction: each line laid out by the Unicode bidi algorithm and shaped by
 * fontkit (Arabic joined, right to left, with Latin and numbers inside it in their own order).
 */
export function createPdfPage(options: { direction: 'rtl' | 'ltr'; lang: string; title: string; margin: number }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    lang: options.lang,
    font: FONT_FILES.latin,
    info: { Title: options.title, Author: 'Darsak', Creator: 'Darsak' },
    displayTitle: true,
  });
  // pdfkit takes a fontkit font as it is (its types say only a file or its bytes)
  for (const [name, font] of Object.entries(fontsOnce())) doc.registerFont(name, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = options.margin;
  const right = doc.page.width - options.margin;
  const rtl = options.direction === 'rtl';
  // pdfkit lays out word by word unless features are given; a right-to-left run must be shaped whole
  const whole = { features: [] as never[] };

  function piecesOf(text: string, bold: boolean) {
    const fontOf = (char: string): FontName => {
      const arabic = ARABIC_BLOCKS.test(char);
      return `${arabic ? 'arabic' : 'latin'}${bold ? '-bold' : ''}`;
    };
    return lineInVisualOrder(text, options.direction, fontOf);
  }

  /** One line, never wrapped, at the start or end side of the page. */
  function text(line: string, { y, size, bold = false, align = 'start', color = '#111111' }: TextOptions): void {
    const pieces = piecesOf(line, bold);
    const widths = pieces.map((p) => doc.font(p.font).fontSize(size).widthOfString(p.text, whole));
    const total = widths.reduce((sum, w) => sum + w, 0);
    const atRight = (align === 'start') === rtl;
    let x = atRight ? right - total : left;
    doc.fillColor(color);
    pieces.forEach((piece, i) => {
      doc
        .font(piece.font)
        .fontSize(size)
        .text(piece.text, x, y, { ...whole, lineBreak: false });
      x += widths[i] ?? 0;
    });
  }

  /** A thin rule across the page. */
  function rule(y: number, color = '#d4d4d8'): void {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor(color).stroke();
  }

  return {
    text,
    rule,
    /** Finishes the document: its bytes. */
    end(): Promise<Buffer> {
      doc.end();
      return ended;
    },
  };
}
