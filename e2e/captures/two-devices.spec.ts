import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, loginViaApi, test } from '../fixtures';
import {
  captureArticle,
  captureLines,
  clearOpenCapture,
  demoArticles,
  isoDay,
  serverLines,
  shownDate,
} from '../support/capture-page';
import { closeOpenCaptures } from '../support/offline-device';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// One user on two devices (a phone and a handheld, two browser contexts of demo): a count started on one is
// continued on the other, each device keeps the store it chose, and lines the handheld sends after the phone
// exported reach the next count instead of being set aside.

const MODULE = 'mde-inventur';

/** The handheld: demo logged in on a browser of its own. */
async function secondDevice(
  browser: Browser,
  options: { serviceWorkers?: 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Contexts made in a test take the test's options, the worker server's baseURL among them.
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await loginViaApi(page, 'demo');
  return { context, page };
}

/** The phone starts an Inventur in the Kühlhaus dated `belegdatum`. */
async function startCount(page: Page, belegdatum: string) {
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByLabel('Belegdatum').fill(belegdatum);
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
}

/** Hamburg-Altona, the seeded context: the last choice of one journey seeds the next login of demo. */
async function seededContext(page: Page) {
  const res = await page.request.patch('/api/v1/security/user/context', { data: { vkforgid: 11 } });
  expect(res.status()).toBe(200);
}

test.describe('one user on two devices', () => {
  test.beforeEach(async ({ loggedInPage: page }) => {
    test.setTimeout(120_000);
    await seededContext(page);
    await clearOpenCapture(page, MODULE);
  });
  // The next journeys find no open count of demo's on the server (a device opening Inventur would continue it).
  test.afterEach(({ db }) => closeOpenCaptures(db, MODULE));

  test('the handheld continues the count the phone started and keeps its store when the phone switches', async ({
    loggedInPage: phone,
    browser,
    db,
  }) => {
    const [a, b] = await demoArticles(db, 2, 30);
    if (!a || !b) throw new Error('demo articles missing');
    await startCount(phone, isoDay(0));
    await captureArticle(phone, MODULE, a, '4');
    await captureArticle(phone, MODULE, b, '6');
    // On the server before the handheld opens (the list may show 'all sent' a moment before a save is queued).
    await expect.poll(async () => (await serverLines(db, MODULE)).length).toBe(2);

    const { context, page: handheld } = await secondDevice(browser);
    try {
      await handheld.goto('/mde-inventur');
      // The open count with its header and lines, not the start step and not '0 Positionen'.
      await expect(handheld).toHaveURL(/\/mde-inventur$/);
      await expect(handheld.getByTestId('capture-header')).toContainText('Kühlhaus');
      await expect(handheld.getByTestId('capture-header')).toContainText(shownDate(isoDay(0)));
      await expect(captureLines(handheld)).toHaveCount(2);
      await expect(handheld.getByTestId('line-count')).toHaveText('2 Positionen');

      // The handheld switches the store; the phone stays where it was.
      await handheld.goto('/');
      await handheld.getByRole('button', { name: 'Verkaufsorganisation wählen' }).click();
      await handheld.getByRole('menuitem', { name: /München-Pasing/ }).click();
      await expect(handheld.getByText('Der Context wurde geändert')).toBeVisible();
      await phone.goto('/');
      await expect(phone.getByRole('button', { name: 'Verkaufsorganisation wählen' })).toContainText('Hamburg-Altona');
      const phoneContext = await (await phone.request.get('/api/v1/security/user/context')).json();
      expect(phoneContext).toMatchObject({ vkforgid: 11, firmaid: 1 });
      await phone.goto('/mde-inventur');
      await expect(captureLines(phone)).toHaveCount(2);
    } finally {
      await seededContext(handheld);
      await context.close();
    }
  });

  test('lines the handheld syncs after the phone exported reach the next count, none set aside', async ({
    loggedInPage: phone,
    browser,
    db,
  }) => {
    const [a, b, c] = await demoArticles(db, 3, 40);
    if (!a || !b || !c) throw new Error('demo articles missing');
    // Counted yesterday: after the export the phone's next count keeps the warehouse, not the Belegdatum.
    await startCount(phone, isoDay(-1));
    await captureArticle(phone, MODULE, a, '1');
    await expect.poll(async () => (await serverLines(db, MODULE)).length).toBe(1);

    // Its service worker is blocked: the journey holds the handheld's sync requests at the network.
    const { context, page: handheld } = await secondDevice(browser, { serviceWorkers: 'block' });
    try {
      await handheld.goto('/mde-inventur');
      await expect(captureLines(handheld)).toHaveCount(1);
      // The handheld's syncs are on their way while the phone exports.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await context.route('**/api/v1/captures/sync', async (route) => {
        await released;
        await route.continue();
      });
      await captureArticle(handheld, MODULE, b, '2');
      await captureArticle(handheld, MODULE, c, '3');
      await expect(handheld.getByTestId('sync-status')).toHaveAttribute('data-waiting', '2');

      await phone.getByRole('button', { name: 'Speichern und exportieren' }).click();
      await phone.getByRole('dialog').getByRole('button', { name: 'Exportieren' }).click();
      await expect(phone.getByTestId('export-result')).toHaveAttribute('data-state', 'done');

      release();
      await expect(handheld.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
      await expect(handheld.getByTestId('unsynced-entry')).toHaveCount(0);
      const rows = await serverLines(db, MODULE);
      expect(rows.map((r) => [r.article_id, r.quantity]).sort()).toEqual(
        [
          [b.id, 2],
          [c.id, 3],
        ].sort(),
      );
      const [open] = await db.query<{ lager: number; belegdatum: string }>(
        `select c.lager, to_char(c.belegdatum, 'YYYY-MM-DD') as belegdatum from capture c join app_user u on u.id = c.user_id
          where u.username = 'demo' and c.module = 'inventory-count' and c.status = 'open'`,
      );
      expect(open?.belegdatum).toBe(isoDay(-1));
    } finally {
      await context.close();
    }
  });
});
