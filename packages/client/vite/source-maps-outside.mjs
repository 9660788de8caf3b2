import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterBuild } from './after-build.mjs';

/**
 * Vite plugin of the front ends: moves the build's source maps out of the folder the server serves into
 * `sourcemaps/` beside it, at the same paths, for the error tracker and never for visitors (the image copies only
 * dist/). With `sourcemap: 'hidden'` the scripts do not name their maps either.
 */
export const sourceMapsOutside = () =>
  afterBuild('darsak-source-maps-outside', 'writeBundle', (outDir) => {
    const kept = join(dirname(outDir), 'sourcemaps');
    rmSync(kept, { recursive: true, force: true });
    const maps = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.map'));
    for (const path of maps) {
      mkdirSync(dirname(join(kept, path)), { recursive: true });
      renameSync(join(outDir, path), join(kept, path));
    }
  });
