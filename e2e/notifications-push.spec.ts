import type { Worker } from '@playwright/test';
import { startPushTestService } from '../apps/server/src/test/push-test-service';
import { expect, loginViaApi, test } from './fixtures';
import { clearOpenCapture } from './support/capture-page';
import { clearNotifications, exportInventur } from './support/notifications-page';
import { controlledByServiceWorker } from './support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Web Push end to end without the internet: the server encrypts each new notification for the device's
// subscription and sends it to a push service on this machine (started here), which decrypts it (RFC 8291)
// and checks the VAPID signature (RFC 8292); the payload it received is then delivered to the app's service
// worker, which shows it, and a tap opens its route in the open window.
// Headless Chromium has no push service of its own (PushManager.subscribe answers 'permission denied'), so
// the page's PushManager hands out the local service's subscription instead; everything else is the app's.

const USER = 'filiale';

type SwScope = {
  dispatchEvent(event: Event): boolean;
  addEventListener(type: 'unhandledrejection', listener: (event: PromiseRejectionEvent) => void): void;
  registration: ServiceWorkerRegistration;
  serviceWorker: ServiceWorker;
};
declare const PushEvent: new (type: string, init: { data: string }) => Event;
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

/**
 * The worker that is its registration's active one now. The context may still list one the browser has
 * stopped (an idle worker is stopped and started again on the next event); its scope shows nothing.
 */
async function appWorker(context: import('@playwright/test').BrowserContext): Promise<Worker> {
  let active: Worker | undefined;
  await expect
    .poll(async () => {
      for (const worker of context.serviceWorkers().toReversed()) {
        const isActive = await worker
          .evaluate(() => {
            const scope = self as unknown as SwScope;
            return scope.registration.active === scope.serviceWorker;
          })
          .catch(() => false);
        if (isActive) {
          active = worker;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  if (!active) throw new Error('no active service worker');
  return active;
}

test.describe('Push-Benachrichtigungen', () => {
  test('activate, a stored export is pushed, shown by the service worker, a tap opens its route, deactivate', async ({
    page,
    context,
    db,
  }) => {
    const service = await startPushTestService();
    try {
      const subscription = service.subscribe();
      await context.grantPermissions(['notifications']);
      await page.addInitScript((sub) => {
        const key = 'e2e-push-subscription';
        const make = (options: PushSubscriptionOptionsInit | undefined) =>
          ({
            endpoint: sub.endpoint,
            options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
            toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
            unsubscribe: async () => {
              localStorage.removeItem(key);
              return true;
            },
          }) as unknown as PushSubscription;
        const keyBytes = () => {
          const stored = localStorage.getItem(key);
          return stored ? Uint8Array.from(JSON.parse(stored) as number[]).buffer : undefined;
        };
        PushManager.prototype.subscribe = async (options) => {
          const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
          localStorage.setItem(key, JSON.stringify([...bytes]));
          return make(options);
        };
        PushManager.prototype.getSubscription = async () => {
          const bytes = keyBytes();
          return bytes ? make({ applicationServerKey: bytes }) : null;
        };
      }, subscription);

      await clearNotifications(db, USER);
      await loginViaApi(page, USER);
      await clearOpenCapture(page, 'mde-inventur');
      await controlledByServiceWorker(page);

      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Push-Benachrichtigungen' });
      await section.getByRole('button', { name: 'Push-Benachrichtigungen aktivieren' }).click();
      await expect(page.getByText('Push-Benachrichtigungen wurden aktiviert')).toBeVisible();
      await expect(section.getByTestId('push-enabled')).toBeVisible();
      const stored = await db.query<{ endpoint: string }>(
        `select s.endpoint from push_subscription s join app_user u on u.id = s.user_id where u.username = $1`,
        [USER],
      );
      expect(stored.map((s) => s.endpoint)).toEqual([subscription.endpoint]);

      const number = await exportInventur(page, db);
      await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
      expect(service.failures).toEqual([]);
      const payload = service.received[0]?.payload as { title: string; body: string; route: string };
      expect(payload).toMatchObject({ title: 'Beleg gespeichert', route: '/mde-inventur' });
      expect(payload.body).toContain(number);

      // The device meanwhile shows another screen; the push arrives at its service worker.
      await page.goto('/settings');
      const worker = await appWorker(context);
      // A push event made by a test cannot extend its own life (waitUntil is for the browser's events), so
      // the worker is kept busy here until its notification is up.
      // What went wrong in the worker's handler (its promise is nobody's to await) is the failure's message.
      const workerErrors = await worker.evaluate(async (data) => {
        const scope = self as unknown as SwScope;
        const errors: string[] = [];
        scope.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
        scope.dispatchEvent(new PushEvent('push', { data }));
        for (let i = 0; i < 150 && (await scope.registration.getNotifications()).length === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return errors.filter((e) => !e.includes('waitUntil'));
      }, JSON.stringify(payload));
      expect(workerErrors).toEqual([]);
      await expect
        .poll(
          () =>
            page.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.data]),
            ),
          // A loaded 2-core runner takes its time to wake the worker and show the notification.
          { timeout: 20_000 },
        )
        .toEqual([['Beleg gespeichert', payload.body, { route: '/mde-inventur' }]]);

      await worker.evaluate(async () => {
        const scope = self as unknown as SwScope;
        const [shown] = await scope.registration.getNotifications();
        if (shown) scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      await expect(page).toHaveURL(/\/mde-inventur(\/start)?$/);

      await page.goto('/settings');
      await section.getByRole('button', { name: 'Push-Benachrichtigungen deaktivieren' }).click();
      await expect(page.getByText('Push-Benachrichtigungen wurden deaktiviert')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Push-Benachrichtigungen aktivieren' })).toBeVisible();
      await expect
        .poll(
          async () =>
            (await db.query(`select id from push_subscription where endpoint = $1`, [subscription.endpoint])).length,
        )
        .toBe(0);
    } finally {
      await service.close();
    }
  });
});
