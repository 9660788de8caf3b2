// The installed app's icons (public/icons/, committed), drawn from the brand mark of public/favicon.svg by sharp:
// `node apps/web/scripts/pwa-icons.mjs` after the mark changes. The maskable icon fills its square with the brand
// colour and keeps the mark inside the middle 80 %, the part every launcher's mask shows.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const mark = readFileSync(new URL('favicon.svg', publicDir), 'utf8').trim();

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80">
  <rect width="80" height="80" fill="#137a71"/>
  <g transform="translate(8 8)">${mark.replace(/^<svg[^>]*>|<\/svg>$/g, '').replace(/<title>.*?<\/title>/, '')}</g>
</svg>`;

const icons = [
  { name: 'icon-192.png', svg: mark, size: 192 },
  { name: 'icon-512.png', svg: mark, size: 512 },
  { name: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { name: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

for (const { name, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(`icons/${name}`, publicDir).pathname);
  console.log(`public/icons/${name}`);
}
