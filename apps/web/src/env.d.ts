interface ImportMetaEnv {
  /** Origin of the API when it is not this page's origin. */
  readonly VITE_API_URL?: string;
  /** Where the admin app lives (staff accounts are sent there). */
  readonly VITE_ADMIN_URL?: string;
  /** Where the marketing site lives. */
  readonly VITE_SITE_URL?: string;
  /** Google sign-in client id, used when the server does not publish one. */
  readonly VITE_GOOGLE_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
