interface ImportMetaEnv {
  /** Origin of the API; by default port 3000 of the host that serves the admin app. */
  readonly VITE_API_URL?: string;
  /** Origin of the main app (students and tutors are sent there). */
  readonly VITE_APP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
