import type { PrecompressPlugin } from './precompress.d.mts';

/** Moves the build's source maps from dist/ to sourcemaps/ beside it (see source-maps-outside.mjs). */
export function sourceMapsOutside(): PrecompressPlugin;
