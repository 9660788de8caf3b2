/**
 * Vite plugin of the three front ends. Zod compiles object parsers with `new Function` after probing whether
 * eval is allowed; under the apps' Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe alone
 * is reported as a violation. A deferred classic script first in <head> runs before every module script (deferred
 * scripts and modules run in document order) without holding up the first paint, so it turns the probe off (zod's
 * `jitless`, read from `globalThis.__zod_globalConfig`) whatever order the bundle's chunks evaluate in.
 * Zod then parses the same, a little slower.
 */
const FILE = 'static/zod-jitless.js';
const SOURCE =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n';

export function strictCsp() {
  return {
    name: 'darsak-strict-csp',
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(SOURCE);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: SOURCE });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { src: `/${FILE}`, defer: true }, injectTo: 'head-prepend' }];
    },
  };
}
