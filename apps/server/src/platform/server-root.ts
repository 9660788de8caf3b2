import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest folder above this module with a package.json. Found,
 * not counted in `../`, because the module runs from two depths: src/platform in development and tests, and the
 * compiled bundle in dist/ in production. Runtime files (migrations, the built front ends) are found from it.
 */
export const SERVER_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no package.json above the server module');
    dir = parent;
  }
  return dir;
})();
