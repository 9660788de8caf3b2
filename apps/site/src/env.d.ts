interface ImportMetaEnv {
  /** Origin of the main app; by default port 3000 of the host serving the site. */
  readonly VITE_APP_URL?: string;
  /** Origin of the API (for the public configuration on the contact page). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
