import { expect, loginViaApi, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A first visit (or a browser without service workers): nothing is cached, so a chunk asked for on demand
// cannot load once the network is gone. No failed chunk load may blank the app.
test.describe('Offline, bevor der Service Worker die Seite steuert', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  test.beforeEach(async ({ page }) => {
    // A browser without service workers: the app sees none and registers none.
    await page.addInitScript(() => delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker);
  });

  test('Anmelden offline: the message is shown, the login form stays, and nothing goes blank', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill('demo');
    await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
    // Every chunk not loaded yet fails, as it does offline without a service worker.
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page.getByText('Es konnte keine Verbindung zum Server hergestellt werden...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    // What was typed is still there for the next try.
    await expect(page.getByLabel('Benutzername')).toHaveValue('demo');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back online, "Erneut versuchen" loads the missing part and the message shows in its usual place.
    await context.setOffline(false);
    await page.unroute('**/assets/**');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByText('Es konnte keine Verbindung zum Server hergestellt werden...')).toBeVisible();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
});

test.describe('Der Service Worker der App', () => {
  test('is /ngsw-worker.js (docs/spec.md §7); a device that installed /sw.js is moved over to it', async ({ page }) => {
    await page.goto('/login');
    await controlledByServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/ngsw-worker\.js$/);
    const worker = await page.request.get('/ngsw-worker.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    // A device from before: its worker is /sw.js. The next start of the app registers /ngsw-worker.js instead.
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    // The new worker waits behind the old one like any update: asked first, then it takes over.
    const prompt = page.getByRole('dialog', { name: 'Update bereit' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Ja' }).click();
    await expect
      .poll(
        // Accepting the update reloads the page: a look during that reload is simply retried.
        async () =>
          page
            .evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)
            .catch(() => null),
        {
          timeout: 60_000,
        },
      )
      .toMatch(/\/ngsw-worker\.js$/);
  });
});

// docs/spec.md §7: requests to a claims-related URL carry the claims kept in the browser database.
test.describe('Die Claims des Geräts', () => {
  test('go with the user context request after a reload, and the server finds them current', async ({ page }) => {
    await loginViaApi(page, 'demo');
    // The claims are written to the device database once the page is idle after the context arrived.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const open = indexedDB.open('mde');
                open.onsuccess = () => {
                  // Closed at once: an open connection would hold back the app's own upgrade of the database.
                  const idb = open.result;
                  if (!idb.objectStoreNames.contains('claims')) {
                    idb.close();
                    resolve(0);
                    return;
                  }
                  const count = idb.transaction('claims').objectStore('claims').count();
                  count.onsuccess = () => {
                    idb.close();
                    resolve(count.result);
                  };
                };
                open.onerror = () => resolve(0);
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe(1);

    const contextRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/security/user/context');
    const contextResponse = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/security/user/context');
    await page.reload();
    const claims = JSON.parse((await (await contextRequest).allHeaders())['x-mde-claims'] ?? 'null');
    expect(claims).toMatchObject({ username: 'demo', vkforgid: expect.any(Number) });
    expect((await contextResponse).headers()['x-mde-claims-state']).toBe('current');
  });
});
