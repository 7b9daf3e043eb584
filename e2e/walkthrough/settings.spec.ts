import { expect, test } from '../fixtures';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Store walkthrough, settings on a 360 px phone: the web-app section confirms before it removes the offline
// copy, answers a search for updates, and Artikelvorrat carries the boxes icon of docs/spec.md §2.

test.use({ viewport: { width: 360, height: 740 } });

test('removing the service worker asks first; cancelling keeps it', async ({ loggedInPage: page }) => {
  await controlledByServiceWorker(page);
  await page.goto('/settings#pwaInstall');
  const remove = page.getByRole('button', { name: 'Service Worker entfernen' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Service Worker entfernen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);

  await remove.click();
  await page
    .getByRole('dialog', { name: 'Service Worker entfernen' })
    .getByRole('button', { name: 'Entfernen' })
    .click();
  await expect(page.getByText('Der Service Worker wurde entfernt.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Service Worker registrieren' })).toBeVisible();
});

test("'Nach Updates suchen' says the app is up to date", async ({ loggedInPage: page }) => {
  await controlledByServiceWorker(page);
  await page.goto('/settings#pwaInstall');
  await page.getByRole('button', { name: 'Nach Updates suchen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die App ist auf dem neuesten Stand' })).toBeVisible();
});

test('Artikelvorrat has the boxes icon in the menu and on the overview', async ({ loggedInPage: page }) => {
  const tile = page.getByRole('main').getByRole('link', { name: 'Artikelvorrat' });
  await expect(tile).toBeVisible();
  await expect(tile.locator('svg.tabler-icon-packages')).toHaveCount(1);
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  const entry = page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Artikelvorrat' });
  await expect(entry.locator('svg.tabler-icon-packages')).toHaveCount(1);
});
