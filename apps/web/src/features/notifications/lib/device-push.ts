import type { PushSubscriptionInput } from '@darsak/domain/notifications';

/** What this browser allows: no Web Push at all, not asked yet, allowed, or refused. */
export type DevicePermission = 'unsupported' | NotificationPermission;

/** The person refused the browser's question (or closed it): nothing can be pushed here until she allows it. */
export class PushPermissionRefused extends Error {}

export function devicePermission(): DevicePermission {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameKey = (key: ArrayBuffer | null | undefined, expected: Uint8Array) =>
  !!key && key.byteLength === expected.length && new Uint8Array(key).every((byte, i) => byte === expected[i]);

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's subscription, when it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (devicePermission() === 'unsupported') return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/**
 * Asks the browser's permission (only now, on her tap) and subscribes this device with the server's key; a
 * subscription made with another key (the server's keys changed) is replaced.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  const worker = (await registration()) ?? (await navigator.serviceWorker.ready);
  const key = bytesOf(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscriptionInput(subscription);
}

/** A browser's subscription as the server takes it. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** Ends this browser's subscription; answers its endpoint, for the server to forget it too. */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await deviceSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
