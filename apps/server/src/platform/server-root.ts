import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseOf } from '@darsak/domain/config';

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

/** The server package's version. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
/** The release this server is (`darsak@<version>`): error reports and the metrics' build info name it. */
export const SERVER_RELEASE = releaseOf(SERVER_VERSION);
