import { expect, loginViaApi, test } from '../fixtures';
import { closeOpenCaptures } from '../support/offline-device';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

test.describe('guards and redirects of the route table (spec §2)', () => {
  test('module routes need a login and come back after it', async ({ page }) => {
    await page.goto('/artikel-info');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Benutzername').fill('filiale');
    await page.getByLabel('Passwort', { exact: true }).fill('Filiale1234!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/artikel-info/);
  });

  test('a module without permission is refused', async ({ page }) => {
    await loginViaApi(page, 'filiale');
    await page.goto('/mde-bestellung');
    await expect(page).not.toHaveURL(/\/mde-bestellung/);
    await page.goto('/storage-location/select');
    await expect(page).not.toHaveURL(/\/storage-location/);
  });

  test.describe('as demo', () => {
    test.beforeEach(async ({ page }) => {
      await loginViaApi(page, 'demo');
    });

    const redirects: [string, RegExp][] = [
      ['/mde-bestellvorschlag/gibt-es-nicht', /\/mde-bestellvorschlag$/],
      ['/mde-bestellvorschlag/artikel-erfassen', /\/mde-bestellvorschlag\/artikel-erfassen\/suche$/],
      ['/mde-artikelvorrat/gibt-es-nicht', /\/mde-artikelvorrat$/],
      ['/mde-artikelvorrat/artikel-erfassen', /\/mde-artikelvorrat\/artikel-erfassen\/suche$/],
      ['/mde-warenverprobung/auswahl/gibt-es-nicht', /\/mde-warenverprobung\/auswahl\/belegart$/],
      ['/storage-location/gibt/es/nicht', /\/storage-location\/select$/],
      ['/mde-inventur', /\/mde-inventur\/start$/],
    ];
    for (const [from, to] of redirects) {
      test(`${from} redirects`, async ({ page, db }) => {
        // Inventur opens its start step only without an open count on the server (a device continues one it finds).
        if (from === '/mde-inventur') await closeOpenCaptures(db, 'mde-inventur');
        await page.goto(from);
        await expect(page).toHaveURL(to);
      });
    }

    test('storage-location page titles', async ({ page }) => {
      await page.goto('/storage-location/select');
      await expect(page.getByRole('heading', { name: 'Lagerplatz auswählen' })).toBeVisible();
      await expect(page).toHaveTitle(/Lagerplatz auswählen/);
    });

    test('inventory capture list opens once warehouse and document date are chosen', async ({ page, db }) => {
      // No open count on the server: a device opening Inventur continues one it finds there.
      await closeOpenCaptures(db, 'mde-inventur');
      await page.goto('/mde-inventur');
      await expect(page).toHaveURL(/\/mde-inventur\/start$/);
      await page.getByRole('combobox', { name: 'Lager' }).click();
      await page.getByRole('option', { name: /Kühlhaus/ }).click();
      await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
      await expect(page).toHaveURL(/\/mde-inventur$/);
    });
  });
});

test('a reload while offline still starts the app shell', async ({ page, context }) => {
  await page.goto('/login');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await context.setOffline(false);
});
