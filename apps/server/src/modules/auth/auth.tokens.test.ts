import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJoinTokenSigner } from '../sessions/sessions.tokens.ts';
import { createTokenSigner } from './auth.tokens.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256!!';
const now = new Date('2026-03-01T10:00:00Z');

afterEach(() => vi.restoreAllMocks());

describe('signing keys', () => {
  it('imports the bearer tokens key once, however many tokens are signed and verified', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const signer = createTokenSigner(secret);
    for (let i = 0; i < 5; i++) {
      const token = await signer.sign({ id: i + 1, sid: `s-${i}` }, now, 3600);
      expect(await signer.verify(token, now)).toMatchObject({ id: i + 1, sid: `s-${i}` });
    }
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('imports the join tokens key once too', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const joins = createJoinTokenSigner(secret);
    for (let i = 0; i < 5; i++) {
      const token = await joins.sign({ userId: 1, sessionId: i }, now, 60);
      expect(await joins.verify(token, now)).toEqual({ userId: 1, sessionId: i });
    }
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('still refuses a token signed with another secret, or expired, or of the other kind', async () => {
    const signer = createTokenSigner(secret);
    const other = createTokenSigner(`${secret}-other`);
    const token = await other.sign({ id: 1, sid: 's' }, now, 3600);
    expect(await signer.verify(token, now)).toBeNull();
    const mine = await signer.sign({ id: 1, sid: 's' }, now, 60);
    expect(await signer.verify(mine, new Date(now.getTime() + 61_000))).toBeNull();
    const join = await createJoinTokenSigner(secret).sign({ userId: 1, sessionId: 1 }, now, 60);
    expect(await signer.verify(join, now)).toBeNull();
  });

  it('checks a signature once per token, and its expiry every time', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign({ id: 1, sid: 's' }, now, 60);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    for (let i = 0; i < 3; i++) expect(await signer.verify(token, now)).toMatchObject({ id: 1, sid: 's' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(await signer.verify(token, new Date(now.getTime() + 60_000))).toBeNull();
    const [head, body, signature = ''] = token.split('.');
    const forged = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await signer.verify(forged, now)).toBeNull();
  });

  it('accepts, after a rotation, tokens of the previous secret until they expire, and signs with the new one', async () => {
    const before = createTokenSigner(secret);
    const old = await before.sign({ id: 1, sid: 's' }, now, 60);
    const rotated = createTokenSigner(`${secret}-new`, secret);
    expect(await rotated.verify(old, now)).toMatchObject({ id: 1, sid: 's' });
    expect(await rotated.verify(old, new Date(now.getTime() + 61_000))).toBeNull();
    const fresh = await rotated.sign({ id: 2, sid: 't' }, now, 60);
    expect(await before.verify(fresh, now)).toBeNull();
    expect(await createTokenSigner(`${secret}-new`).verify(old, now)).toBeNull();
  });
});
