import { fileURLToPath } from 'node:url';

/**
 * Builds an app's React code on Preact's compatibility layer: the same components, hooks and libraries (React
 * Router, TanStack Query, React Hook Form) on a 4 KB renderer instead of react-dom's 60 KB, which is most of what a
 * phone downloads and evaluates before the first page (issue 13). Components are written and typed against React;
 * the browser journeys run the built app, so they run it on Preact.
 */
export function reactOnPreact() {
  return {
    name: 'darsak-react-on-preact',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react$/, replacement: fileURLToPath(new URL('./preact-as-react.mjs', import.meta.url)) },
        ],
      },
    }),
  };
}
