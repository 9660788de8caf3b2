/**
 * What the service worker does with a push and a tap on its notification, written against the few parts of the
 * worker's scope it uses (so it is tested without one, and type-checked with the app's DOM library).
 */

/** The payload the server sends (apps/server/src/providers/messaging/web-push.adapter.ts `PushPayload`). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushEventLike {
  data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface NotificationClickLike {
  notification: { data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

export interface WindowClientLike {
  url: string;
  /** The window she is looking at (a visible, focused tab of the app). */
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The browser replaced or dropped a push subscription (its push service renewed it, or the key changed). */
export interface SubscriptionChangeLike {
  oldSubscription: { options: PushSubscriptionOptionsInit } | null;
  newSubscription: unknown | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface WorkerScopeLike {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
    pushManager: { subscribe(options: PushSubscriptionOptionsInit): Promise<unknown> };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

const APP_NAME = 'درسك';
const str = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/** The payload as sent, or a plain notice when it is not ours (a push service's test message). */
export function readPayload(data: PushEventLike['data']): PushPayload {
  const text = data?.text() ?? '';
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    parsed = { body: text };
  }
  // only a path of this app: a payload cannot send her elsewhere
  const url = str(parsed.url, '/');
  return {
    title: str(parsed.title, APP_NAME),
    body: str(parsed.body, ''),
    url: url.startsWith('/') && !url.startsWith('//') ? url : '/',
    tag: str(parsed.tag, 'darsak'),
  };
}

/** The notification a push shows: Arabic, right to left, the app's icon, opening its page when tapped. */
export function notificationOf(payload: PushPayload): { title: string; options: NotificationOptions } {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      dir: 'rtl',
      lang: 'ar',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag,
      data: { url: payload.url },
    },
  };
}

/**
 * Shows the notification, unless she is looking at its page right now (the chat she is reading): Chromium asks a
 * notification of every push only when no window of the app is focused.
 */
export function onPush(scope: WorkerScopeLike, event: PushEventLike): void {
  const payload = readPayload(event.data);
  const { title, options } = notificationOf(payload);
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const page = new URL(payload.url, scope.location.origin).href;
      if (windows.some((client) => client.focused && client.url.split('?')[0] === page)) return;
      await scope.registration.showNotification(title, options);
    })(),
  );
}

/** A tap opens the notification's page: in a window of the app already open when there is one, else a new one. */
export function onNotificationClick(scope: WorkerScopeLike, event: NotificationClickLike): void {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  const url = new URL(path, scope.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
      if (!open) return scope.clients.openWindow(url);
      await open.focus();
      return open.url === url ? open : open.navigate(url);
    })(),
  );
}

/**
 * A subscription the browser dropped is made again with the same key, in the worker (no page need be open). The
 * server cannot be told from here (the worker has no session): the app sends the new one the next time she opens it
 * (features/notifications/lib/keep-push-device.ts), and the old one answers 410 and is forgotten.
 */
export function onSubscriptionChange(scope: WorkerScopeLike, event: SubscriptionChangeLike): void {
  if (event.newSubscription || !event.oldSubscription) return;
  event.waitUntil(scope.registration.pushManager.subscribe(event.oldSubscription.options));
}
