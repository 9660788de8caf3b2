import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  id: number;
  sid: string;
  iat: number;
  exp: number;
}

/** Bearer tokens of DESIGN §3: a signed JWT whose payload is `{id, iat, exp}` plus the session it belongs to. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: { id: number; sid: string }, now: Date, ttlSeconds: number): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ id: claims.id, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    /** Returns the claims of a genuine, unexpired token, or null. */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
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
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
