/**
 * Where to send a browser that opened an app at another origin than its configured public address (127.0.0.1
 * for localhost, a bare IP for the domain), keeping the path: one origin keeps one session, so a payment's return
 * to the configured address finds the student signed in. Null when already there or when nothing is configured.
 */
export function canonicalAddress(current: string, configured: string | undefined): string | null {
  if (!configured) return null;
  const here = new URL(current);
  const home = new URL(configured);
  if (here.origin === home.origin) return null;
  return `${home.origin}${here.pathname}${here.search}${here.hash}`;
}
