import { z } from 'zod';

/** The JWT payload of DESIGN §3; `sid` names the server-side session so it can be revoked. */
export const TokenPayload = z.object({
  id: z.number().int().positive(),
  iat: z.number().int(),
  exp: z.number().int(),
  sid: z.string().optional(),
});
export type TokenPayload = z.infer<typeof TokenPayload>;

/** `exp` is in seconds; a token is no longer usable from that very moment. */
export const isTokenExpired = (payload: Pick<TokenPayload, 'exp'>, nowMs: number): boolean =>
  payload.exp * 1000 <= nowMs;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url to bytes by hand: the domain runs on any runtime and may not rely on atob or Buffer. */
function base64UrlToBytes(text: string): number[] | null {
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** UTF-8 bytes to text; decodeURIComponent rejects malformed sequences, which callers treat as junk. */
const utf8Decode = (bytes: number[]): string =>
  decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));

/**
 * Reads a JWT's payload WITHOUT checking its signature: for clients deciding whether to refresh.
 * The server always verifies. Returns null for anything that is not a well-formed Darsak token.
 */
export function decodeTokenPayload(jwt: string): TokenPayload | null {
  const parts = jwt.split('.');
  const bytes = parts.length === 3 && parts[1] ? base64UrlToBytes(parts[1]) : null;
  if (!bytes) return null;
  try {
    const result = TokenPayload.safeParse(JSON.parse(utf8Decode(bytes)));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
