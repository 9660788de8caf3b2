/** Vite's build flags; addresses and integration ids come from the server at run time (`/runtime-config.js`). */
interface ImportMetaEnv {
  readonly DEV: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
