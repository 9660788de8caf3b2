import { createHmac } from 'node:crypto';
import type { IceServer } from '@darsak/domain/sessions';

export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's `static-auth-secret`; TURN is offered only with it. */
  turnSecret: string | undefined;
  turnTtlSeconds: number;
}

/**
 * Time-limited TURN credentials of coturn's REST API scheme (`use-auth-secret`): the username carries its own
 * expiry, and the password is the HMAC of the username, so coturn checks it without asking us.
 */
export function turnCredentials(secret: string, userId: number, now: Date, ttlSeconds: number) {
  const username = `${Math.floor(now.getTime() / 1000) + ttlSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers a member gets for one call: STUN as configured, and TURN when a secret is set. */
export function iceServersFor(config: IceConfig, userId: number, now: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    servers.push({ urls: config.turnUrls, ...turnCredentials(config.turnSecret, userId, now, config.turnTtlSeconds) });
  }
  return servers;
}
