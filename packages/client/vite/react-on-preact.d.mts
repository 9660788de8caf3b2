/** The Vite plugin's hooks this project calls (Vite's own types are not a dependency of this package). */
export interface ReactOnPreactPlugin {
  name: string;
  config(): { resolve: { alias: Array<{ find: RegExp; replacement: string }> } };
}

/** Resolves `react`, `react-dom` and the JSX runtime to Preact's compatibility layer (see react-on-preact.mjs). */
export function reactOnPreact(): ReactOnPreactPlugin;
