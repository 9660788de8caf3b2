/** Vite's build flags; addresses and integration ids come from the server at run time (`/runtime-config.js`). */
interface ImportMetaEnv {
  readonly DEV: boolean;
  /** The package's version, which names the release in error reports (vite.config.ts); unset in unit tests. */
  readonly DARSAK_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
