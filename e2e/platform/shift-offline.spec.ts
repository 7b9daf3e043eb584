import { expect, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';

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
