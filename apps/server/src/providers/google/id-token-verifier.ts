import { AppError } from '@darsak/domain/errors';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { GoogleIdentity, GoogleVerifier } from '../../modules/auth/auth.service.ts';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Checks a Google ID token as Google documents it: RS256 signature, issuer, audience, expiry (providers.md §3.3). */
export function createGoogleVerifier(options: { clientId: string; keys: JWTVerifyGetKey }): GoogleVerifier {
  return {
    async verify(idToken: string): Promise<GoogleIdentity> {
      try {
        const { payload } = await jwtVerify(idToken, options.keys, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: options.clientId,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('claims');
        return {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
          name:
            typeof payload.name === 'string' && payload.name.trim()
              ? payload.name.trim()
              : (payload.email.split('@')[0] ?? ''),
          picture: typeof payload.picture === 'string' ? payload.picture : undefined,
        };
      } catch {
        throw new AppError('invalid-google-token');
      }
    },
  };
}

export const remoteGoogleKeys = (url = GOOGLE_JWKS_URL) => createRemoteJWKSet(new URL(url));

/**
 * A stand-in for Google's token issuer with its own key pair, for local mode and tests: it signs ID tokens
 * with the same claims Google does, checked by the same verifier.
 */
export async function createLocalGoogleIssuer(clientId: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const jwks = { keys: [jwk] };
  return {
    clientId,
    jwks,
    keys: createLocalJWKSet(jwks),
    async issue(identity: { sub: string; email: string; name: string; emailVerified?: boolean }, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ email: identity.email, email_verified: identity.emailVerified ?? true, name: identity.name })
        .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
        .setIssuer('https://accounts.google.com')
        .setAudience(clientId)
        .setSubject(identity.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(privateKey);
    },
  };
}
export type LocalGoogleIssuer = Awaited<ReturnType<typeof createLocalGoogleIssuer>>;
