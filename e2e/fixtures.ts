import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { type SuiteServer, startSuiteServer } from './support/suite-server';

export const USERS = {
  demo: { username: 'demo', password: 'Demo1234!' },
  filiale: { username: 'filiale', password: 'Filiale1234!' },
  extern: { username: 'extern', password: 'Extern1234!' },
} as const;
export type DemoUser = keyof typeof USERS;

export interface Db {
  query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Logs in through the real form, as a person would. */
export async function loginViaForm(page: Page, user: DemoUser, stay = false) {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(USERS[user].username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS[user].password);
  if (stay) await page.getByLabel('angemeldet bleiben').check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Logs in through the API (fast set-up for journeys that are not about login) and opens the overview. */
export async function loginViaApi(page: Page, user: DemoUser) {
  const res = await page.request.post('/api/v1/auth/login', { data: { ...USERS[user], stayAuthenticated: false } });
  expect(res.status()).toBe(200);
  await page.goto('/');
}

/**
 * Holds the page's clock (page.clock) for a journey that lets minutes pass in an instant. It starts `willRunFor`
 * ms behind the real clock, so that the device's timestamps never lie ahead of the server's once the journey has
 * run it forward: a line stamped in the future wins over a later change made on the server (the newer change
 * wins), and a deletion by the next journey of the worker would not stick.
 */
export async function holdPageClock(page: Page, willRunFor: number) {
  await page.clock.install({ time: Date.now() - willRunFor });
}

/**
 * A journey with service workers blocked runs as in a browser without them (the app registers none, and says
 * nothing about it): Playwright's block alone answers the registration with nothing, which no browser does.
 */
export async function withoutServiceWorker(context: BrowserContext) {
  await context.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
}

// E2E_CPU_THROTTLE=4 runs every journey as on a slow handheld (Chromium's CPU throttling): races between a
// scan and a screen that renders late show up here before they show up on a slower CI machine.
const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE ?? 1);

export const test = base.extend<{ db: Db; loggedInPage: Page }, { pool: pg.Pool; suiteServer: SuiteServer }>({
  // Each worker has a server, database and built app of its own (support/suite-server.ts).
  suiteServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use, workerInfo) => {
      const server = await startSuiteServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ suiteServer }, use) => {
    await use(suiteServer.baseURL);
  },
  context: async ({ context, serviceWorkers }, use) => {
    if (serviceWorkers === 'block') await withoutServiceWorker(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    if (cpuThrottle > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    }
    await use(page);
  },
  pool: [
    async ({ suiteServer }, use) => {
      const pool = new pg.Pool({ connectionString: suiteServer.databaseUrl, max: 2 });
      await use(pool);
      await pool.end();
    },
    { scope: 'worker' },
  ],
  db: async ({ pool }, use) => {
    await use({ query: async (sql, params) => (await pool.query(sql, params)).rows });
  },
  loggedInPage: async ({ page }, use) => {
    await loginViaApi(page, 'demo');
    await use(page);
  },
});
export { expect };
