/// <reference path="./http-ece.d.ts" />
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service, as a browser's (FCM, Mozilla autopush) is to a sender: it takes Web Push requests (RFC 8030)
 * at the endpoints of the subscriptions it made, checks their VAPID authorization (RFC 8292: an ES256 token for this
 * origin, unexpired, signed by the application server key the subscription was made with), decrypts the aes128gcm
 * payload (RFC 8291) with the device's private key, and keeps what it received for the tests. It can be told that a
 * device is gone (410), as a real push service says of an uninstalled app or a revoked permission.
 */

/** A browser's PushSubscription as `toJSON()` gives it. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON (the text when it is not JSON). */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID token's subject (the sender's contact). */
  subject: string;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

interface Device {
  ecdh: ECDH;
  auth: string;
  /** The application server key the subscription was made with (base64url), when given. */
  serverKey: string | undefined;
  gone: boolean;
  /** Answers this status instead of taking the message (a busy or failing push service), while set. */
  busy: number | undefined;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_TOKEN_SECONDS = 24 * 3600;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`. */
function vapidOf(header: string | undefined): { token: string; key: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new Refusal(401, 'no VAPID authorization');
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name?.trim() ?? '', value.join('=').trim()];
    }),
  );
  if (!params.t || !params.k) throw new Refusal(401, 'VAPID authorization without t or k');
  return { token: params.t, key: params.k };
}

async function verifyVapid(token: string, key: string, audience: string): Promise<string> {
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  try {
    const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'], audience });
    const now = Math.floor(Date.now() / 1000);
    if (!payload.exp || payload.exp > now + MAX_TOKEN_SECONDS) throw new Refusal(401, 'exp more than 24 h ahead');
    if (!payload.sub || !/^(mailto:|https:)/.test(payload.sub)) throw new Refusal(401, 'sub is not mailto: or https:');
    return payload.sub;
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(401, `VAPID token refused: ${(error as Error).message}`);
  }
}

export async function startPushServiceStandIn(host = '127.0.0.1') {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  async function accept(request: IncomingMessage, id: string): Promise<void> {
    const endpoint = `${origin}/push/${id}`;
    const device = devices.get(id);
    if (!device) throw new Refusal(404, 'no such subscription');
    if (device.gone) throw new Refusal(410, 'the subscription is gone');
    if (device.busy) throw new Refusal(device.busy, 'busy, try later');
    const { token, key } = vapidOf(request.headers.authorization);
    if (device.serverKey && key !== device.serverKey)
      throw new Refusal(403, 'not the key the subscription was made with');
    const subject = await verifyVapid(token, key, origin);
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'no TTL');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'not aes128gcm');
    const body = await readBody(request);
    let text: string;
    try {
      text = decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8');
    } catch (error) {
      throw new Refusal(400, `cannot decrypt: ${(error as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {}
    const urgency = request.headers.urgency;
    received.push({ endpoint, payload, ttl, urgency: typeof urgency === 'string' ? urgency : undefined, subject });
    for (const wake of waiters) wake();
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !id) {
      response.writeHead(404).end();
      return;
    }
    accept(request, id).then(
      () => {
        response.writeHead(201, { location: `${origin}/message/${randomBytes(8).toString('hex')}` }).end();
      },
      (error: unknown) => {
        const status = error instanceof Refusal ? error.status : 500;
        refused.push({ endpoint: `${origin}/push/${id}`, status, reason: (error as Error).message });
        request.resume();
        response.writeHead(status, { 'content-type': 'text/plain' }).end((error as Error).message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,

    /** A device's subscription, as the browser would make it with `applicationServerKey`. */
    subscription(applicationServerKey?: string): StandInSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(12).toString('base64url');
      const auth = randomBytes(16).toString('base64url');
      devices.set(id, { ecdh, auth, serverKey: applicationServerKey, gone: false, busy: undefined });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },

    /** From now on the push service answers 410 Gone for this device. */
    gone(endpoint: string): void {
      const device = devices.get(endpoint.split('/').pop() ?? '');
      if (device) device.gone = true;
    },

    /** The push service answers `status` (429, 503) for this device until told undefined. */
    busy(endpoint: string, status: number | undefined): void {
      const device = devices.get(endpoint.split('/').pop() ?? '');
      if (device) device.busy = status;
    },

    /** The first push received that matches, waiting for it up to `timeoutMs`. */
    async waitFor(match: (push: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching push in ${timeoutMs} ms (${received.length} received)`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
