import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterBuild } from './after-build.mjs';

/**
 * Vite plugin of the three front ends: writes a `.br` and a `.gz` beside every text file of the build, so the
 * server sends them as they are (`@fastify/static` `preCompressed`) instead of compressing on every request.
 * HTML is left out: the site's pages get the app's address written in as they are sent, and the pages are small.
 */
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function* textFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build's manifest, read by scripts, never sent
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* textFiles(path);
    else if (TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

export const precompress = () =>
  afterBuild('darsak-precompress', 'writeBundle', (outDir) => {
    for (const path of textFiles(outDir)) {
      const source = readFileSync(path);
      const brotli = brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      });
      writeFileSync(`${path}.br`, brotli);
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    }
  });
