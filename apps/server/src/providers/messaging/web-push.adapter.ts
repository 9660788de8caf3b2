import webpush from 'web-push';
import { DeliveryError, isPermanentStatus, type Messenger } from './messenger.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom the push service may write to about our messages. */
  subject: string;
}

/** The devices push reaches, as the push module keeps them. */
export interface PushDevices {
  /** The keys a device's messages are encrypted for, or undefined once it was removed. */
  keysOf(endpoint: string): Promise<{ p256dh: string; auth: string } | undefined>;
  /** The push service took a message for it. */
  delivered(endpoint: string): Promise<void>;
  /** The push service says it is gone (404, 410): it is removed, nothing is pushed to it again. */
  gone(endpoint: string): Promise<void>;
}

export interface WebPushOptions {
  vapid: VapidKeys;
  devices: PushDevices;
  /** How long the push service keeps a message for a device that is off (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
}

/** What the service worker shows (apps/web/src/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The main app's page the notification opens. */
  url: string;
  /** Notifications of the same tag replace each other (a second chat message, not a second banner). */
  tag: string;
}

/**
 * Web Push by the `web-push` library (RFC 8030, VAPID RFC 8292, aes128gcm RFC 8291): it signs the VAPID token and
 * encrypts the payload for the device's keys; the request is sent with fetch, never following a redirect. A 404
 * or 410 removes the device; other 4xx are the message's fault and are not retried; 429 and 5xx are.
 */
export function createWebPushMessenger(options: WebPushOptions): Messenger {
  const { vapid, devices } = options;
  return {
    delivery: 'provider',
    async send(message) {
      const keys = await devices.keysOf(message.to);
      if (!keys) throw new DeliveryError('push', 'the device is no longer subscribed', { permanent: true });
      const payload: PushPayload = {
        title: message.subject ?? 'درسك',
        body: message.text,
        url: message.url ?? '/',
        tag: message.url ?? 'darsak',
      };
      const request = webpush.generateRequestDetails({ endpoint: message.to, keys }, JSON.stringify(payload), {
        vapidDetails: vapid,
        TTL: options.ttlSeconds ?? 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      });
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new DeliveryError('push', `request failed: ${(error as Error).message}`, {
          permanent: false,
          cause: error,
        });
      }
      const text = (await response.text()).slice(0, 200);
      if (response.status === 404 || response.status === 410) {
        await devices.gone(message.to);
        throw new DeliveryError('push', `HTTP ${response.status}: the device is gone, removed`, { permanent: true });
      }
      if (response.status < 200 || response.status >= 300) {
        throw new DeliveryError('push', `HTTP ${response.status} ${text}`, {
          permanent: isPermanentStatus(response.status),
        });
      }
      await devices.delivered(message.to);
      return response.headers.get('location') ?? message.key;
    },
  };
}

/** Push where no VAPID keys are configured: nothing can be sent (and nobody can subscribe). */
export const pushUnavailable: Messenger = {
  delivery: 'provider',
  send: () => Promise.reject(new DeliveryError('push', 'Web Push is not configured (VAPID_*)', { permanent: true })),
};
