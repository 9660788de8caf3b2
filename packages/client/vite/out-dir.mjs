import { join } from 'node:path';

/** Where a Vite build writes, from its resolved configuration (the two build plugins write beside its files). */
export const outDirOf = (config) =>
  config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
