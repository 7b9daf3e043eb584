import { type BrowserContext, chromium, devices, type Page } from '@playwright/test';
import { expect, test, USERS } from '../fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';
import {
  backOnList,
  type DemoArticle,
  demoArticles,
  isoDay,
  scannerBurst,
  serverLines,
  typeQuantity,
  wedgeBurst,
} from '../support/capture-page';
import { closeOpenCaptures, openFromMenu, unknownEans, waitForOfflineReadiness } from '../support/offline-device';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A whole shift without network on one handheld: Inventur and Retouren started and filled offline, the app
// reloaded twice and the browser closed and opened again in between. Back online, the server holds every
// counted line exactly once and the screen says everything is synced.

const INVENTUR = 'mde-inventur';
const RETOUREN = 'mde-retouren';

type Scan = { kind: 'new' | 'again'; article: DemoArticle } | { kind: 'unknown'; code: string };

/** The shift's scans of one module: each article once, some again, unknown codes in between. */
function shiftScans(articles: DemoArticle[], again: number, unknown: string[]): Scan[] {
  const scans: Scan[] = articles.map((article) => ({ kind: 'new', article }));
  // Repeats land after their first scan; unknown codes spread over the shift.
  articles.slice(0, again).forEach((article, i) => {
    scans.splice(2 * i + 4, 0, { kind: 'again', article });
  });
  unknown.forEach((code, i) => {
    scans.splice(5 * i + 3, 0, { kind: 'unknown', code });
  });
  return scans;
}

const launch = (dir: string, baseURL: string | undefined) => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  return chromium.launchPersistentContext(dir, {
    ...pixel,
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
};

const firstPage = async (browser: BrowserContext) => browser.pages()[0] ?? (await browser.newPage());
const lineCount = (page: Page) => page.getByTestId('line-count');
const positions = (n: number) => (n === 1 ? '1 Position' : `${n} Positionen`);
const openCodes = (page: Page) => page.getByTestId('unresolved-code');
const lineOf = (page: Page, article: DemoArticle) =>
  page.locator(`[data-testid="capture-line"][data-article="${article.number}"]`);

/** Inventur in quick mode: every scan of a known article is one more piece, saved at once. */
async function countScan(page: Page, scan: Scan, state: { lines: number; open: number }) {
  if (scan.kind === 'unknown') {
    await wedgeBurst(page, scan.code);
    await expect(openCodes(page)).toHaveCount(++state.open);
    return;
  }
  await wedgeBurst(page, scan.article.ean13);
  if (scan.kind === 'new') await expect(lineCount(page)).toHaveText(positions(++state.lines));
  else await expect(lineOf(page, scan.article).getByTestId('line-quantity')).toHaveText(/^2\b/);
}

/** Retouren: the form of each article, a reason, the quantity; a repeat adds to the line. */
async function returnScan(page: Page, scan: Scan, state: { lines: number; open: number }) {
  if (scan.kind === 'unknown') {
    await scannerBurst(page, scan.code);
    await expect(openCodes(page)).toHaveCount(++state.open);
    return;
  }
  await scannerBurst(page, scan.article.ean13);
  await expect(page).toHaveURL(new RegExp(`/${RETOUREN}/artikel-erfassen/${scan.article.id}$`));
  await expect(page.getByRole('heading', { name: scan.article.designation1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Rückgabegrund' }).click();
  await page.getByRole('option', { name: 'defekt' }).click();
  await typeQuantity(page, '2');
  if (scan.kind === 'again') {
    const dialog = page.getByRole('dialog', { name: 'Artikel bereits erfasst' });
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  } else state.lines++;
  await backOnList(page, RETOUREN);
  await expect(lineCount(page)).toHaveText(positions(state.lines));
}

test('a whole shift offline: Inventur and Retouren, 60 scans, two reloads, a new browser, every line once', async ({
  db,
  baseURL,
}, testInfo) => {
  test.setTimeout(420_000);
  await closeOpenCaptures(db, INVENTUR);
  await closeOpenCaptures(db, RETOUREN);
  const articles = await demoArticles(db, 45, 400);
  expect(articles).toHaveLength(45);
  const codes = await unknownEans(db, 6);
  const counted = articles.slice(0, 30);
  const returned = articles.slice(30);
  const countScans = shiftScans(counted, 6, codes.slice(0, 4));
  const returnScans = shiftScans(returned, 3, codes.slice(4));
  expect(countScans.length + returnScans.length).toBe(60);
  const [supplier] = await db.query<{ number: string; name: string }>(
    'select number, name from supplier where firma_id = 1 order by name limit 1',
  );
  if (!supplier) throw new Error('demo supplier missing');

  const dir = testInfo.outputPath('handheld');
  let browser = await launch(dir, baseURL);
  let page = await firstPage(browser);
  // 'angemeldet bleiben': the session outlives the browser, as on a handheld used all day.
  const login = await page.request.post('/api/v1/auth/login', { data: { ...USERS.demo, stayAuthenticated: true } });
  expect(login.status()).toBe(200);
  await page.goto('/artikel-info');
  await waitForOfflineReadiness(page);

  // The network goes for the rest of the shift.
  await browser.setOffline(true);
  await openFromMenu(page, 'Inventur');
  await expect(page).toHaveURL(new RegExp(`/${INVENTUR}/start$`));
  const lager = page.getByRole('combobox', { name: 'Lager' });
  await expect(lager).toBeEnabled();
  await lager.click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(new RegExp(`/${INVENTUR}$`));
  const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  if (!(await quick.isChecked())) await quick.check();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const count = { lines: 0, open: 0 };
  for (const [i, scan] of countScans.entries()) {
    if (i === 20) {
      await page.reload();
      await expect(lineCount(page)).toHaveText(positions(count.lines));
    }
    await countScan(page, scan, count);
  }

  await openFromMenu(page, 'Retouren');
  await expect(page).toHaveURL(new RegExp(`/${RETOUREN}$`));
  // The Retouren header's link, not the one of the Inventur list the transition may still show.
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Kopf bearbeiten' })
    .and(page.locator(`[href^="/${RETOUREN}/"]`))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/${RETOUREN}/`));
  await page.getByLabel('Belegdatum').fill(isoDay(0));
  await page.getByLabel('Lieferant suchen (Name oder Nummer)').fill(supplier.name.split(' ')[0] ?? '');
  await page.getByRole('radio', { name: `${supplier.number} · ${supplier.name}` }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(new RegExp(`/${RETOUREN}$`));
  const returns = { lines: 0, open: 0 };
  for (const [i, scan] of returnScans.entries()) {
    if (i === 10) {
      await page.reload();
      await expect(lineCount(page)).toHaveText(positions(returns.lines));
    }
    await returnScan(page, scan, returns);
  }
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '45');
  expect(await serverLines(db, INVENTUR)).toHaveLength(0);
  expect(await serverLines(db, RETOUREN)).toHaveLength(0);

  // The browser is closed and opened again, still without network: the lines and open codes are still there.
  await browser.close();
  browser = await launch(dir, baseURL);
  await browser.setOffline(true);
  page = await firstPage(browser);
  await page.goto(`/${INVENTUR}`);
  await expect(lineCount(page)).toHaveText('30 Positionen');
  await expect(openCodes(page)).toHaveCount(4);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '45');

  // Back in the Wi-Fi: every line reaches the server once, and the screen says so.
  await browser.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  await expect(page.getByTestId('sync-status')).toContainText('Alles synchronisiert');
  const repeatedCount = new Set(counted.slice(0, 6).map((a) => a.id));
  const repeatedReturn = new Set(returned.slice(0, 3).map((a) => a.id));
  const inventur = await serverLines(db, INVENTUR);
  expect(new Set(inventur.map((l) => l.client_id)).size).toBe(30);
  expect(inventur.map((l) => [l.article_id, l.quantity]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
    counted.map((a) => [a.id, repeatedCount.has(a.id) ? 2 : 1]).sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  const retouren = await serverLines(db, RETOUREN);
  expect(new Set(retouren.map((l) => l.client_id)).size).toBe(15);
  expect(retouren.map((l) => [l.article_id, l.quantity]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
    returned.map((a) => [a.id, repeatedReturn.has(a.id) ? 4 : 2]).sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  await expect(page.getByText('Noch nicht synchronisiert')).toHaveCount(0);
  await page.goto(`/${RETOUREN}`);
  await expect(lineCount(page)).toHaveText('15 Positionen');
  await expect(openCodes(page)).toHaveCount(2);
  await expect(page.getByTestId('sync-status')).toContainText('Alles synchronisiert');
  await expect(page.getByText('Noch nicht synchronisiert')).toHaveCount(0);
  await browser.close();
});
