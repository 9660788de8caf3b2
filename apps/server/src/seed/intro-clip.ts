import sharp from 'sharp';
import { vp8FrameOf, vp8Webm } from './webm.ts';

// A tutor's demo intro clip: a title card in their colour with their name, their line and the topics they teach,
// where a bar fills across the bottom as the clip plays, and the clip's first frame as its thumbnail.

const WIDTH = 640;
const HEIGHT = 360;
const FRAME_MS = 500;
const FRAMES = 16;
const FONT = 'Noto Sans Arabic, Noto Naskh Arabic, Segoe UI, Tahoma, DejaVu Sans, sans-serif';

export interface IntroClip {
  video: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  durationSeconds: number;
}

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function frameSvg(card: { name: string; line: string; colour: string }, progress: number): string {
  const bar = Math.round((WIDTH - 80) * progress);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="${card.colour}"/>
    <circle cx="${WIDTH - 90}" cy="90" r="${40 + 12 * Math.sin(progress * Math.PI * 4)}" fill="#ffffff" fill-opacity="0.18"/>
    <text x="50%" y="150" text-anchor="middle" direction="rtl" fill="#ffffff" font-size="44" font-weight="700"
      font-family="${FONT}">${escapeXml(`أهلًا، أنا ${card.name}`)}</text>
    <text x="50%" y="210" text-anchor="middle" direction="rtl" fill="#ffffff" fill-opacity="0.9" font-size="26"
      font-family="${FONT}">${escapeXml(card.line)}</text>
    <rect x="40" y="${HEIGHT - 50}" width="${WIDTH - 80}" height="8" rx="4" fill="#ffffff" fill-opacity="0.3"/>
    <rect x="${WIDTH - 40 - bar}" y="${HEIGHT - 50}" width="${bar}" height="8" rx="4" fill="#ffffff"/>
  </svg>`;
}

/** Eight seconds at two frames a second, about 100 KB: small enough to generate for every tutor at seed time. */
export async function introClip(card: { name: string; line: string; colour: string }): Promise<IntroClip> {
  const frames = await Promise.all(
    Array.from({ length: FRAMES }, (_, i) =>
      sharp(Buffer.from(frameSvg(card, (i + 1) / FRAMES)))
        .flatten()
        .webp({ quality: 70 })
        .toBuffer(),
    ),
  );
  const thumbnail = await sharp(Buffer.from(frameSvg(card, 0)))
    .flatten()
    .jpeg({ quality: 80 })
    .toBuffer();
  return {
    video: vp8Webm(frames.map(vp8FrameOf), FRAME_MS, WIDTH, HEIGHT),
    thumbnail,
    width: WIDTH,
    height: HEIGHT,
    durationSeconds: (FRAMES * FRAME_MS) / 1000,
  };
}
