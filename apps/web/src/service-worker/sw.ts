import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  type NotificationClickLike,
  onNotificationClick,
  onPush,
  onSubscriptionChange,
  type PushEventLike,
  type SubscriptionChangeLike,
  type WorkerScopeLike,
} from './push-handlers.ts';

/**
 * The main app's service worker (docs/architecture.md "Installable app"), built by vite-plugin-pwa (injectManifest)
 * into /sw.js. What it keeps (docs/security.md "What the service worker keeps"):
 * - precached: the offline page, the icons, the styles and the scripts every page starts with (the build's list);
 * - the other built files (/static/, named by their content, never changing) once used, for a month;
 * - nothing else. Pages are always asked of the network (the public pages are rendered by the server), with the
 *   offline page when there is none; /api, /socket.io, uploads and receipts are never handled here at all, so no
 *   private answer and nothing sent with an Authorization header is ever stored.
 */
declare const self: WorkerScopeLike & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
  addEventListener(type: 'pushsubscriptionchange', listener: (event: SubscriptionChangeLike) => void): void;
};

const OFFLINE_PAGE = '/offline.html';

// Pages never come from a cache, so a new version is used as soon as it is installed.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/static/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'darsak-static',
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

self.addEventListener('push', (event) => onPush(self, event));
self.addEventListener('notificationclick', (event) => onNotificationClick(self, event));
self.addEventListener('pushsubscriptionchange', (event) => onSubscriptionChange(self, event));
