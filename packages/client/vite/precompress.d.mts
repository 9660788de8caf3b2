/** The Vite plugin's hooks this project calls (Vite's own types are not a dependency of this package). */
export interface PrecompressPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  writeBundle(): void;
}

/** Writes a `.br` and a `.gz` beside every text file of the build (see precompress.mjs). */
export function precompress(): PrecompressPlugin;
