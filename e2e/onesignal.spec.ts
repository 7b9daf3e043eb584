import type { BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { expect, test, USERS } from './fixtures';
import { type ExtraServer, startExtraServer } from './support/extra-server';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// OneSignal as the push provider (docs/spec.md §9): with ONESIGNAL_APP_ID and the key set, the app loads OneSignal's
// page SDK from ONESIGNAL_SDK_URL, initialises it with the app id, the service worker's path and
// auto-resubscribe, sets the external user id (the userId as a string) on login and removes it on logout
// (docs/spec.md §4); an SDK that never gets ready is logged as an error (docs/spec.md §8). The SDK here is a stand-in served
// by the test, which records every call on window.

const SDK_URL = 'https://onesignal-sdk.test/sdks/web/v16/OneSignalSDK.page.js';
const APP_ID = 'e2e-onesignal-app';

const FAKE_SDK = `(() => {
  const calls = (window.__oneSignalCalls = []);
  const call = (name) => async (...args) => { calls.push([name, ...args]); };
  const sdk = {
    init: call('init'), login: call('login'), logout: call('logout'),
    setConsentRequired: call('setConsentRequired'), setConsentGiven: call('setConsentGiven'),
    User: { PushSubscription: { optedIn: false, optIn: call('optIn'), optOut: call('optOut') } },
    Slidedown: { promptPush: call('promptPush') },
    Notifications: { permission: false, requestPermission: call('requestPermission') },
    Session: { sendOutcome: call('sendOutcome'), sendUniqueOutcome: call('sendUniqueOutcome') },
  };
  const run = (callback) => { callback(sdk); };
  const queued = window.OneSignalDeferred || [];
  window.OneSignalDeferred = { push: run };
  for (const callback of queued) run(callback);
})();`;
// Loads, but never hands itself to the queued callbacks: the SDK never gets ready.
const NEVER_READY_SDK = 'window.__oneSignalLoaded = true;';

let server: ExtraServer;
let filialeId: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer({
    ONESIGNAL_APP_ID: APP_ID,
    ONESIGNAL_API_KEY: 'e2e-key',
    ONESIGNAL_API_URL: 'http://127.0.0.1:9/notifications',
    ONESIGNAL_SDK_URL: SDK_URL,
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`select id from app_user where username = 'filiale'`);
    filialeId = String(rows[0]?.id);
  } finally {
    await client.end();
  }
});
test.afterAll(() => server?.stop());

async function deviceOn(context: BrowserContext, sdk: string) {
  await context.route(SDK_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: sdk }),
  );
  return context.newPage();
}

async function login(page: Page) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Benutzername').fill(USERS.filiale.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.filiale.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
}

const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __oneSignalCalls?: unknown[] }).__oneSignalCalls);

test.describe('OneSignal', () => {
  test('init with app id, service worker and auto-resubscribe; login(userId) after login, logout() on logout', async ({
    browser,
  }) => {
    // The app's own service worker stays out of it: the journey is about the page's SDK.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await deviceOn(context, FAKE_SDK);
      const policy = (await page.request.get(`${server.baseURL}/login`)).headers()['content-security-policy'];
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' https://onesignal-sdk.test;");
      await login(page);
      await expect
        .poll(() => calls(page))
        .toEqual([
          [
            'init',
            {
              appId: APP_ID,
              serviceWorkerPath: 'ngsw-worker.js',
              serviceWorkerParam: { scope: '/' },
              autoResubscribe: true,
            },
          ],
          ['login', filialeId],
        ]);
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('navigation').getByRole('button', { name: 'Abmelden' }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect.poll(async () => ((await calls(page)) as unknown[][]).at(-1)).toEqual(['logout']);
    } finally {
      await context.close();
    }
  });

  test('an SDK that never gets ready: the console shows the init timeout, the app works on', async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await deviceOn(context, NEVER_READY_SDK);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await login(page);
      await expect
        .poll(() => page.evaluate(() => (window as { __oneSignalLoaded?: boolean }).__oneSignalLoaded))
        .toBe(true);
      await expect
        .poll(() => errors.some((e) => e.includes('Push-Initialisierung: Zeitüberschreitung')), { timeout: 25_000 })
        .toBe(true);
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('navigation').getByRole('link', { name: 'Einstellungen' }).click();
      await expect(page.getByRole('heading', { name: 'Einstellungen' }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test('without OneSignal configured nothing of it loads', async ({ page }) => {
  const asked: string[] = [];
  await page.route('**/*', (route) => {
    asked.push(route.request().url());
    return route.fallback();
  });
  // The notification stream stays open for good, so the network would never fall idle: without it the app
  // polls, and what the start loads is all there is to see.
  await page.route('**/api/v1/notifications/stream', (route) => route.abort());
  const policy = (await page.request.get('/login')).headers()['content-security-policy'];
  expect(policy).not.toContain('onesignal');
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(USERS.filiale.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.filiale.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => /onesignal/i.test(u))).toEqual([]);
  expect(await page.evaluate(() => 'OneSignalDeferred' in window)).toBe(false);
});
