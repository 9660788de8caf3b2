/**
 * The signed-in browser's bearer token, also kept in a cookie of the main app's origin so the server can render a
 * signed-in page (the checkout) with her data before any script runs (docs/security.md, "The session cookie"). The
 * API never reads it: every call is still authorised by its Authorization header, so the cookie cannot be used to
 * act for her (no cross-site request is honoured by it); it only lets a page be rendered for her, read-only.
 */
export const SESSION_COOKIE = 'darsak.session';

/** The pages the server renders for a signed-in student: the checkout of a plan and period. */
export const isSignedInRenderedPage = (path: string): boolean =>
  /^\/checkout\/\d{1,9}\/(month|quarter|year)$/.test(path);
