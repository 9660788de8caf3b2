import { join } from 'node:path';

/**
 * A build-only Vite plugin that works on the build's output folder once Vite reaches `hook` (`writeBundle`: the
 * files are written; `closeBundle`: the manifest too). The two plugins that write beside the build use it. A failed
 * build still closes its bundle: the work is skipped then, so the build's own error is the one shown.
 */
export function afterBuild(name, hook, work) {
  let outDir = 'dist';
  let failed = false;
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed ||= Boolean(error);
    },
    renderError() {
      failed = true;
    },
    [hook]() {
      if (!failed) work(outDir);
    },
  };
}
