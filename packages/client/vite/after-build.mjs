import { join } from 'node:path';

/**
 * A build-only Vite plugin that works on the build's output folder once Vite reaches `hook` (`writeBundle`: the
 * files are written; `closeBundle`: the manifest too). The two plugins that write beside the build use it.
 */
export function afterBuild(name, hook, work) {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    [hook]() {
      work(outDir);
    },
  };
}
