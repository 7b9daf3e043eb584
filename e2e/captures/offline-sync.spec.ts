import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { Db } from '../fixtures';
import { expect, loginViaApi, test } from '../fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';
import { captureLines, demoArticles, openInventurList, wedgeBurst } from '../support/capture-page';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Offline-first: nothing captured is lost, and the server gets every line exactly once.

async function waitForArticleCache(page: Page) {
  // The service worker must control the page before the network goes, or an offline reload has no shell. It
  // may reload the page, so it comes first: the cache's state then says the app has started again.
  await controlledByServiceWorker(page);
  await page.waitForFunction(() => window.__mdeArticleCache?.progress().state === 'complete', null, {
    timeout: 120_000,
    polling: 200,
  });
}

/** No open Inventur on the server: every journey here counts from an empty list. */
const closeOpenCounts = (db: Db) =>
  db.query(`update capture set status = 'exported' where module = 'inventory-count' and status = 'open'`);

const waiting = (page: Page) => page.getByTestId('sync-status');

/** Quick-mode scans at a scanner's pace: the next trigger pull when the previous line shows. */
async function scanAll(page: Page, codes: string[]) {
  const count = page.getByTestId('line-count');
  const start = Number((await count.textContent())?.match(/\d+/)?.[0] ?? 0);
  for (const [i, code] of codes.entries()) {
    await wedgeBurst(page, code);
    await expect(count).toHaveText(new RegExp(`^${start + i + 1} Position`), { timeout: 10_000 });
  }
}

async function openLineCount(db: Db) {
  const rows = await db.query<{ lines: number; articles: number; clients: number }>(
    `select count(*)::int as lines, count(distinct l.article_id)::int as articles, count(distinct l.client_id)::int as clients
       from capture_line l join capture c on c.id = l.capture_id
      where c.module = 'inventory-count' and c.status = 'open' and not l.deleted`,
  );
  return rows[0];
}

test.describe('Offline capture', () => {
  test.describe.configure({ timeout: 240_000 });

  test('20 lines captured offline survive a reload and reach the server exactly once', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    await closeOpenCounts(db);
    const articles = await demoArticles(db, 20, 100);
    await page.goto('/artikel-info');
    await waitForArticleCache(page);
    await openInventurList(page, { quick: true });
    await context.setOffline(true);
    await scanAll(
      page,
      articles.map((a) => a.ean13),
    );
    await expect(captureLines(page)).toHaveCount(20);
    await expect(waiting(page)).toHaveAttribute('data-waiting', '20');

    await page.reload();
    await expect(captureLines(page)).toHaveCount(20);
    expect((await openLineCount(db))?.lines ?? 0).toBe(0);

    // Back on the overview, the header shows what waits; the sync runs from there, not only on the list.
    await page.goto('/');
    await expect(page.getByTestId('header-sync-badge')).toHaveAttribute('data-waiting', '20');
    await context.setOffline(false);
    await expect(page.getByTestId('header-sync-badge')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => openLineCount(db)).toEqual({ lines: 20, articles: 20, clients: 20 });
  });

  test('500 lines arrive exactly once while answers are lost, 503s come back and requests are sent twice', async ({
    loggedInPage: page,
    db,
  }) => {
    await closeOpenCounts(db);
    const articles = await demoArticles(db, 500, 200);
    expect(articles).toHaveLength(500);
    await openInventurList(page, { quick: true });
    const faults = { lost: 0, unavailable: 0, twice: 0, passed: 0 };
    let n = 0;
    await page.route('**/api/v1/captures/sync', async (route) => {
      const kind = n++ % 4;
      if (kind === 0) {
        faults.unavailable++;
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Wartung"}' });
      } else if (kind === 1) {
        await route.fetch();
        faults.lost++;
        await route.abort('connectionreset');
      } else if (kind === 2) {
        await route.fetch();
        faults.twice++;
        await route.fulfill({ response: await route.fetch() });
      } else {
        faults.passed++;
        await route.fulfill({ response: await route.fetch() });
      }
    });
    // The lines go in through the app's own local save (the one the screens call); scanning 500 codes through
    // the UI is the scan bench's and the 20-line journey's job, this journey is about the sync under faults.
    const user = await db.query<{ id: number }>(`select id from app_user where username = 'demo'`);
    const scope = { owner: user[0]?.id ?? 0, module: 'inventory-count', vkforgId: 11 };
    const drafts = articles.map((a) => ({
      clientId: crypto.randomUUID(),
      articleId: a.id,
      articleNumber: a.number,
      designation: a.designation1,
      quantity: 1,
      unit: a.baseUnit,
      factor: 1,
      storageLocation: null,
      reason: null,
      capturedAt: new Date().toISOString(),
    }));
    await page.evaluate(({ s, d }) => window.__mdeCaptures?.saveLines(s as never, d as never), { s: scope, d: drafts });
    // A reload in the middle of the sync: the outbox carries on from IndexedDB.
    await page.reload();
    await expect(page.getByTestId('line-count')).toHaveText('500 Positionen');

    await expect(waiting(page)).toHaveAttribute('data-waiting', '0', { timeout: 180_000 });
    expect(await openLineCount(db)).toEqual({ lines: 500, articles: 500, clients: 500 });
    const quantities = await db.query<{ q: number }>(
      `select distinct l.quantity::float as q from capture_line l join capture c on c.id = l.capture_id
        where c.module = 'inventory-count' and c.status = 'open'`,
    );
    expect(quantities).toEqual([{ q: 1 }]);
    expect(faults.lost).toBeGreaterThan(0);
    expect(faults.unavailable).toBeGreaterThan(0);
    expect(faults.twice).toBeGreaterThan(0);
  });
});

test('a line shown as saved is still there after the browser is closed at once', async ({ db, baseURL }, testInfo) => {
  await closeOpenCounts(db);
  const [article] = await demoArticles(db, 1, 50);
  if (!article) throw new Error('demo article missing');
  const dir = testInfo.outputPath('profile');
  const launch = () =>
    chromium.launchPersistentContext(dir, {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL,
      locale: 'de-DE',
    });
  let browser = await launch();
  let page = browser.pages()[0] ?? (await browser.newPage());
  await loginViaApi(page, 'demo');
  await page.goto('/artikel-info');
  await waitForArticleCache(page);
  await openInventurList(page, { quick: true });
  await browser.setOffline(true);
  await scanAll(page, [article.ean13]);
  await expect(captureLines(page)).toHaveCount(1);
  await browser.close();

  browser = await launch();
  page = browser.pages()[0] ?? (await browser.newPage());
  // The session cookie ends with the browser; the captured line does not.
  await loginViaApi(page, 'demo');
  await page.goto('/mde-inventur');
  await expect(captureLines(page)).toHaveCount(1);
  await expect(captureLines(page).first()).toHaveAttribute('data-article', article.number);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  await browser.close();
});

test('logout keeps unsent lines for the same user; another user on the device never sees them', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  await closeOpenCounts(db);
  const [article] = await demoArticles(db, 1, 60);
  if (!article) throw new Error('demo article missing');
  await page.goto('/artikel-info');
  await waitForArticleCache(page);
  await openInventurList(page, { quick: true });
  const before = (await openLineCount(db))?.lines ?? 0;
  // Captured while the server cannot be reached, then the user logs out.
  await page.route('**/api/v1/captures/sync', (route) => route.abort('connectionrefused'));
  await scanAll(page, [article.ean13]);
  await expect(waiting(page)).toHaveAttribute('data-waiting', '1');
  await page.getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Abmelden' }).click();
  // With a line still waiting the app asks first (nothing typed is lost unnoticed).
  await page.getByRole('dialog', { name: 'Abmelden' }).getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.unroute('**/api/v1/captures/sync');

  // Filiale on the same device: an empty Inventur, nothing of demo's sent under filiale's session.
  await loginViaApi(page, 'filiale');
  await openInventurList(page, { quick: true });
  await expect(page.getByTestId('line-count')).toHaveText('0 Positionen');
  await expect(waiting(page)).toHaveAttribute('data-waiting', '0');
  await page.waitForTimeout(1500);
  expect((await openLineCount(db))?.lines ?? 0).toBe(before);
  await context.clearCookies();

  // Demo again: the line is back and reaches the server.
  await loginViaApi(page, 'demo');
  await page.goto('/mde-inventur');
  await expect(page.locator(`[data-testid="capture-line"][data-article="${article.number}"]`)).toHaveCount(1);
  // The badge reads 0 until the outbox has been counted, so the server's rows are what is waited for.
  await expect.poll(async () => (await openLineCount(db))?.lines ?? 0, { timeout: 30_000 }).toBe(before + 1);
  await expect(waiting(page)).toHaveAttribute('data-waiting', '0');
});
