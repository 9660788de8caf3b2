import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { hmacKey } from '../auth/auth.tokens.ts';

const AUDIENCE = 'darsak:session-join';

export interface JoinClaims {
  userId: number;
  sessionId: number;
}

/**
 * Short-lived tokens that let one member join one call. Their key is derived from the signing secret but is
 * not the bearer tokens' key, and they carry their own audience: neither kind of token passes for the other.
 */
export function createJoinTokenSigner(secret: string) {
  const key = hmacKey(createHmac('sha256', secret).update('session-join').digest());
  return {
    async sign(claims: JoinClaims, now: Date, ttlSeconds: number): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ uid: claims.userId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    /** The claims of a genuine, unexpired join token, or null. */
    async verify(token: string, now: Date): Promise<JoinClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          currentDate: now,
        });
        const { uid, sid } = payload as { uid?: unknown; sid?: unknown };
        return typeof uid === 'number' && typeof sid === 'number' ? { userId: uid, sessionId: sid } : null;
      } catch {
        return null;
      }
    },
  };
}
export type JoinTokenSigner = ReturnType<typeof createJoinTokenSigner>;
