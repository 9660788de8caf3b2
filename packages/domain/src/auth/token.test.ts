import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, isTokenExpired, TokenPayload } from './token.ts';

/** Builds an unsigned JWT-shaped string by hand: the domain's types have neither Buffer nor TextEncoder. */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function utf8Bytes(text: string): number[] {
  const encoded = encodeURIComponent(text);
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '%') {
      bytes.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(encoded.charCodeAt(i));
  }
  return bytes;
}
function base64Url(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => B64[(n >> shift) & 63]).join('');
    out += chars.slice(0, [0, 2, 3, 4][Math.min(3, bytes.length - i)]);
  }
  return out;
}
const jwt = (payload: unknown) => `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(payload))}.sig`;

describe('TokenPayload', () => {
  it('needs a positive integer id and integer iat/exp', () => {
    expect(TokenPayload.safeParse({ id: 1, iat: 0, exp: 1 }).success).toBe(true);
    expect(TokenPayload.safeParse({ id: 1, iat: 0, exp: 1, sid: 'abc' }).success).toBe(true);
    expect(TokenPayload.safeParse({ id: 0, iat: 0, exp: 1 }).success).toBe(false);
    expect(TokenPayload.safeParse({ id: '1', iat: 0, exp: 1 }).success).toBe(false);
    expect(TokenPayload.safeParse({ id: 1, iat: 0.5, exp: 1 }).success).toBe(false);
    expect(TokenPayload.safeParse({ id: 1, iat: 0 }).success).toBe(false);
  });
});

describe('isTokenExpired', () => {
  it('is expired from the exp second on', () => {
    expect(isTokenExpired({ exp: 100 }, 99_999)).toBe(false);
    expect(isTokenExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isTokenExpired({ exp: 100 }, 100_001)).toBe(true);
  });
});

describe('decodeTokenPayload', () => {
  it('reads a valid payload without checking the signature', () => {
    expect(decodeTokenPayload(jwt({ id: 7, iat: 1, exp: 2 }))).toEqual({ id: 7, iat: 1, exp: 2 });
    expect(decodeTokenPayload(jwt({ id: 7, iat: 1, exp: 2, sid: 'جلسة' }))?.sid).toBe('جلسة');
  });

  it('decodes payloads of every padding length', () => {
    for (const sid of ['', 'a', 'ab', 'abc']) {
      expect(decodeTokenPayload(jwt({ id: 1, iat: 1, exp: 2, sid }))?.sid).toBe(sid);
    }
  });

  it('tolerates padding characters', () => {
    const [head, body] = jwt({ id: 1, iat: 1, exp: 2, sid: 'a' }).split('.');
    expect(decodeTokenPayload(`${head}.${body}==.sig`)).not.toBeNull();
  });

  it('returns null for anything malformed', () => {
    expect(decodeTokenPayload('')).toBeNull();
    expect(decodeTokenPayload('a.b')).toBeNull();
    expect(decodeTokenPayload('a..c')).toBeNull();
    expect(decodeTokenPayload('a.b.c.d')).toBeNull();
    expect(decodeTokenPayload('a.!!!.c')).toBeNull();
    expect(decodeTokenPayload('a.abcde.c')).toBeNull();
    expect(decodeTokenPayload(`a.${base64Url('not json')}.c`)).toBeNull();
    expect(decodeTokenPayload(jwt({ id: 'x', iat: 1, exp: 2 }))).toBeNull();
    expect(decodeTokenPayload(jwt(null))).toBeNull();
    expect(decodeTokenPayload('a._w.c')).toBeNull();
  });
});
