import type { BrowserContext, Page } from '@playwright/test';
import { expect, loginViaApi, test, USERS } from '../fixtures';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// No dead end: whatever the network or the session does, the user sees what happened and where to go on.

const NO_CONNECTION = 'Es konnte keine Verbindung zum Server hergestellt werden...';

/** Uncaught errors of the page: a screen that fails this way leaves the user stuck. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function dropHttpCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function fillLogin(page: Page) {
  await page.getByLabel('Benutzername').fill(USERS.demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.demo.password);
}

test.describe('Anmeldung ohne Netz', () => {
  test('login while the device is offline says so within 5 s', async ({ page, context }) => {
    const errors = pageErrors(page);
    await page.goto('/login');
    await controlledByServiceWorker(page);
    await fillLogin(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText(NO_CONNECTION)).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(errors).toEqual([]);
    await context.setOffline(false);
  });

  test('first visit: once the worker is installed, login offline shows the message, not the offline page', async ({
    page,
    context,
  }) => {
    const errors = pageErrors(page);
    await page.goto('/login');
    // Installed and active, as after any first visit; no reload.
    await page.evaluate(() => navigator.serviceWorker.ready);
    // A handheld evicts its HTTP cache long before the worker's precache: only the worker can serve a screen.
    await dropHttpCache(page);
    await fillLogin(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText(NO_CONNECTION)).toBeVisible({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(errors).toEqual([]);
    await context.setOffline(false);
  });

  test('first visit: the worker controls the page without a reload, and the app starts offline', async ({
    page,
    context,
  }) => {
    const errors = pageErrors(page);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/login');
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 45_000 })
      .toBe(true);
    expect(loads).toBe(1);

    await dropHttpCache(page);
    await context.setOffline(true);
    // A screen not visited yet comes from the worker's precache.
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    // And a new start of the app, offline.
    const again = await context.newPage();
    await again.goto('/login');
    await expect(again.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    // Being claimed by the first worker is no other version of the app: next to the login's message, no
    // message about a different version (it would have been shown before this one).
    await fillLogin(page);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText(NO_CONNECTION)).toBeVisible({ timeout: 5_000 });
    expect(await page.getByText('Es wurde eine abweichende Version der App erkannt').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.setOffline(false);
  });
});

/** The same session signs out in a second tab of the browser. */
async function logoutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Menü' }).click();
  await other.getByRole('navigation').getByText('Abmelden').click();
  await expect(other).toHaveURL(/\/login/);
  await other.close();
}

test.describe('Sitzung anderswo beendet', () => {
  test('logout in another tab: the next call goes to the login with "Sie sind nicht angemeldet"', async ({
    page,
    context,
  }) => {
    // The open app's live line ends with the session and takes the page to the login by itself (the next test);
    // here the line is down, as on a handheld out of the Wi-Fi, so the next call is what finds the session gone.
    await page.route('**/api/v1/notifications/stream', (route) => route.abort());
    // The article cache's download starts a moment after login; held here, so the click below is the next call
    // and not a download page that found the session gone first.
    await page.route('**/api/v1/articles/cache**', (route) => route.abort());
    await loginViaApi(page, 'demo');
    await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();

    await logoutInAnotherTab(context);

    await page.getByRole('link', { name: 'Einstellungen', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Sie sind nicht angemeldet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText('Erneut versuchen')).toHaveCount(0);
  });

  test('logout in another tab: an idle page with its live line open goes to the login by itself', async ({
    page,
    context,
  }) => {
    await loginViaApi(page, 'demo');
    const stream = page.waitForResponse('**/api/v1/notifications/stream');
    await page.goto('/settings');
    await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
    await stream;

    await logoutInAnotherTab(context);

    await expect(page).toHaveURL(/\/login\?.*settings/);
    await expect(page.getByText('Sie sind nicht angemeldet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  });

  test('session revoked on the server: the next call goes to the login', async ({ page, db }) => {
    await loginViaApi(page, 'demo');
    await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
    await db.query(
      `update session set revoked_at = now()
        where revoked_at is null and user_id = (select id from app_user where username = 'demo')`,
    );
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Sie sind nicht angemeldet')).toBeVisible();
  });
});
