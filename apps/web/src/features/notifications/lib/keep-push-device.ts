import { pushContract } from '@darsak/domain/notifications';
import { api } from '../../../lib/api.ts';
import { devicePermission, deviceSubscription, subscriptionInput } from './device-push.ts';

const DEVICE_KEY = 'darsak.push.device';

/** The subscription she turned on in this browser, as the server has it: whose it is, and its endpoint. */
export interface KeptDevice {
  userId: number;
  endpoint: string;
}

/** Remembers (or, with null, forgets) the subscription she turned on here. */
export function rememberPushDevice(device: KeptDevice | null): void {
  try {
    if (device) localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // no storage: a replaced subscription is then only found again when she turns push on here
  }
}

function keptDevice(): KeptDevice | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null');
    const device = value as Partial<KeptDevice> | null;
    return typeof device?.userId === 'number' && typeof device.endpoint === 'string'
      ? { userId: device.userId, endpoint: device.endpoint }
      : null;
  } catch {
    return null;
  }
}

/**
 * When she opens the app: if the browser replaced the subscription she turned on here (its push service renewed it,
 * and the service worker subscribed again on `pushsubscriptionchange`), the new one is sent to the server in place
 * of the old, so her notices keep reaching this phone. Only hers: a browser she never turned push on in, or one
 * kept for another account, is left alone. Answers whether it sent one.
 */
export async function keepPushDevice(userId: number): Promise<boolean> {
  const kept = keptDevice();
  if (!kept || kept.userId !== userId || devicePermission() !== 'granted') return false;
  const current = await deviceSubscription();
  if (!current || current.endpoint === kept.endpoint) return false;
  await api.callRoute(pushContract.subscribe, { body: subscriptionInput(current) });
  // the old endpoint would answer 410 at the next push anyway; forgetting it now spares that push
  await api.callRoute(pushContract.unsubscribe, { body: { endpoint: kept.endpoint } }).catch(() => undefined);
  rememberPushDevice({ userId, endpoint: current.endpoint });
  return true;
}
