import { ApiError, HttpError } from '@darsak/client';

/**
 * The `Idempotency-Key` of a checkout attempt (PAYMENT contract): the same key is the same payment however often
 * it is sent, so double clicks, a retried request or a reload while the request was on its way never charge twice.
 * One key per attempt: it is kept while the same request may be repeated and dropped once the server answered,
 * so the next attempt (another method, a coupon, a retry after a failure) gets a new one.
 */
const STORE_KEY = 'darsak.checkout.attempt';

interface Attempt {
  fingerprint: string;
  key: string;
}

function read(): Attempt | null {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as Attempt) : null;
  } catch {
    return null;
  }
}

function write(attempt: Attempt | null) {
  try {
    if (attempt) window.sessionStorage.setItem(STORE_KEY, JSON.stringify(attempt));
    else window.sessionStorage.removeItem(STORE_KEY);
  } catch {
    // storage unavailable: the key then lives in memory only
  }
}

let memory: Attempt | null = null;

/** A random key in the contract's alphabet (getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The key of this request: the pending attempt's when it is the same request again, else a new one. */
export function attemptKey(request: Record<string, unknown>): string {
  const fingerprint = JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  const current = read() ?? memory;
  if (current && current.fingerprint === fingerprint) return current.key;
  const attempt = { fingerprint, key: newIdempotencyKey() };
  memory = attempt;
  write(attempt);
  return attempt.key;
}

/** No answer came: the request may or may not have reached the server. */
const UNANSWERED: readonly string[] = ['network-error', 'timeout-exceeded', 'request-aborted'];

/**
 * After the server answered (a payment, or a coded refusal such as another payment still open), the attempt is
 * over. When no answer came (network, timeout) the key is kept, so trying again repeats the same request.
 */
export function settleAttempt(error?: unknown) {
  const unanswered = error instanceof HttpError || (error instanceof ApiError && UNANSWERED.includes(error.code));
  if (unanswered) return;
  memory = null;
  write(null);
}

/** Where /card-added sends the student back to (the checkout they left to add a card). */
const RETURN_KEY = 'darsak.checkout.return';

export function rememberCheckout(path: string) {
  try {
    window.sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // without storage /card-added offers the plans page instead
  }
}

export function rememberedCheckout(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_KEY);
    return path?.startsWith('/checkout/') ? path : null;
  } catch {
    return null;
  }
}

/** Leaves the app for the provider (3-D Secure, tokenization page); a seam for tests. */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};
