import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredentials } from './turn-credentials.ts';

const now = new Date('2025-03-02T10:00:00Z');
const epoch = now.getTime() / 1000;

describe('TURN credentials (coturn REST scheme)', () => {
  it('puts the expiry and the user in the username and signs it with HMAC-SHA1', () => {
    const { username, credential } = turnCredentials('north-secret', 42, now, 3600);
    expect(username).toBe(`${epoch + 3600}:42`);
    expect(credential).toBe(createHmac('sha1', 'north-secret').update(username).digest('base64'));
    // Computed independently: printf '86400:42' | openssl dgst -sha1 -hmac north-secret -binary | base64
    expect(turnCredentials('north-secret', 42, new Date(0), 86400)).toEqual({
      username: '86400:42',
      credential: 'TzTi9ZUz0qr38HXRjDtsxXiPESs=',
    });
  });

  it('offers STUN alone without a TURN secret, and TURN with credentials when one is set', () => {
    const base = {
      stunUrls: ['stun:stun.example.org:3478'],
      turnUrls: ['turn:turn.example.org:3478'],
      turnTtlSeconds: 600,
    };
    expect(iceServersFor({ ...base, turnSecret: undefined }, 7, now)).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
    ]);
    expect(iceServersFor({ ...base, turnSecret: 's' }, 7, now)).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      { urls: ['turn:turn.example.org:3478'], username: `${epoch + 600}:7`, credential: expect.any(String) },
    ]);
    expect(iceServersFor({ stunUrls: [], turnUrls: [], turnSecret: 's', turnTtlSeconds: 600 }, 7, now)).toEqual([]);
  });
});
