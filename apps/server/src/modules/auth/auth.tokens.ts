import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  id: number;
  sid: string;
  iat: number;
  exp: number;
}

/**
 * An HS256 key imported into WebCrypto once. Given raw bytes, jose imports them again on every sign and verify
 * (about 9% of an authenticated request's CPU in issue 14's profiles); given this key, it uses it as is.
 */
export function hmacKey(secret: Uint8Array) {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** How many genuine tokens a signer remembers before it starts again (a few MB at most). */
const GENUINE_KEPT = 20_000;

/**
 * Bearer tokens of DESIGN §3: a signed JWT whose payload is `{id, iat, exp}` plus the session it belongs to.
 * Signed with `secret`; after a rotation, tokens signed with `previousSecret` are still accepted until they expire.
 */
export function createTokenSigner(secret: string, previousSecret?: string) {
  const encode = (text: string) => new TextEncoder().encode(text);
  const key = hmacKey(encode(secret));
  const verifyingKeys = previousSecret ? [key, hmacKey(encode(previousSecret))] : [key];
  // Tokens already found genuine, by their whole text: a signature stays valid for the signer's life, so only the
  // expiry is checked again (HMAC through WebCrypto was about a tenth of an authenticated read's CPU, issue 14).
  // Revocation is not this check's business: the session verdict follows it on every request.
  const genuine = new Map<string, TokenClaims>();
  return {
    async sign(claims: { id: number; sid: string }, now: Date, ttlSeconds: number): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ id: claims.id, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    /** Returns the claims of a genuine, unexpired token, or null. */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
      const known = genuine.get(token);
      if (known) return known.exp > Math.floor(now.getTime() / 1000) ? known : null;
      for (const verifying of verifyingKeys) {
        const claims = await claimsOf(token, await verifying, now);
        if (!claims) continue;
        if (genuine.size >= GENUINE_KEPT) genuine.clear();
        genuine.set(token, claims);
        return claims;
      }
      return null;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

async function claimsOf(
  token: string,
  key: Awaited<ReturnType<typeof hmacKey>>,
  now: Date,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const { id, sid, iat, exp } = payload as Partial<TokenClaims>;
    if (typeof id !== 'number' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
      return null;
    }
    return { id, sid, iat, exp };
  } catch {
    return null;
  }
}
