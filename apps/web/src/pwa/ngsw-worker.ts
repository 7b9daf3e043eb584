/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OPEN_ROUTE_MESSAGE, readPushMessage, safeRoute } from './push-message';
import { versionHash } from './version-hash';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The build's file list (app shell, chunks, the decoder's .wasm, icons, beep) so an offline reload starts.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Client routes reload offline from the cached index.html; the API is never cached (always network).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// Shown as current/next version in settings (docs/spec.md §2 update section): a hash of what this worker precaches.
const VERSION = versionHash(manifest.map((e) => (typeof e === 'string' ? e : `${e.url}@${e.revision ?? ''}`)));

// A first visit is controlled as soon as this worker is active, not only after a reload: otherwise the page
// that installed it still loads its screens from the network and loses them with the network (offline start).
// An update still activates only on the user's yes (SKIP_WAITING below); claiming then changes nothing.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // docs/spec.md §4: a new version activates only when the user confirms the update, never by itself.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'GET_VERSION') event.ports[0]?.postMessage({ version: VERSION });
});

// Web Push (docs/spec.md §1, §2): every new notification arrives here, also when the app is closed, and is shown.
self.addEventListener('push', (event) => {
  const push = readPushMessage(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { route: push.route },
    }),
  );
});

// docs/spec.md §2: a tap navigates to the notification's route, in the app's open window if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const route = safeRoute((event.notification.data as { route?: unknown } | null)?.route);
  event.waitUntil(openRoute(route));
});

async function openRoute(route: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(route);
    return;
  }
  // The open app navigates itself (no reload: unsaved input and the scanner stay as they are).
  open.postMessage({ type: OPEN_ROUTE_MESSAGE, route });
  await open.focus();
}
