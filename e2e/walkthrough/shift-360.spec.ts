import { expect, test } from '../fixtures';
import {
  captureArticle,
  clearOpenCapture,
  demoArticles,
  expectArticleOpened,
  openExportDialog,
  scannerBurst,
} from '../support/capture-page';
import { layoutProblems, seriousAxeViolations } from '../support/layout-check';
import { waitForOfflineReadiness } from '../support/offline-device';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A shift at 360 x 740 px: what the worker reads must be read whole (no cut text) and in enough contrast.

const MODULE = 'mde-inventur';

test.use({ viewport: { width: 360, height: 740 } });

async function startInventur(page: import('@playwright/test').Page) {
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Verkaufsraum/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
}

test('the pending strip with waiting lines offline is read whole: count and "Jetzt synchronisieren"', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  test.setTimeout(180_000);
  await clearOpenCapture(page, MODULE);
  // Eleven waiting lines, as on the shift: a two-digit count is what got cut.
  const articles = await demoArticles(db, 11, 80);
  await waitForOfflineReadiness(page);
  await startInventur(page);
  await context.setOffline(true);
  for (const a of articles) await captureArticle(page, MODULE, a, '2');
  const strip = page.getByTestId('sync-status');
  await expect(strip).toHaveAttribute('data-waiting', '11');
  await expect(strip.getByRole('button', { name: 'Jetzt synchronisieren' })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.setOffline(false);
  await expect(strip).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
});

test('the Inventurdifferenzen after an export: every column read whole, differences in enough contrast', async ({
  loggedInPage: page,
  db,
}) => {
  await clearOpenCapture(page, MODULE);
  const [a, b] = await demoArticles(db, 2, 95);
  if (!a || !b) throw new Error('demo articles missing');
  await startInventur(page);
  // One count below and one above the book stock: a red and a green difference.
  await captureArticle(page, MODULE, a, '1');
  await captureArticle(page, MODULE, b, '9999');
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
  const report = page.getByTestId('difference-report');
  await expect(report.getByRole('columnheader', { name: 'Differenz' })).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the Lagerplatz search field keeps room to read what is typed', async ({ loggedInPage: page }) => {
  await page.goto('/storage-location/select');
  const field = page.getByRole('textbox', { name: /suchen/i }).first();
  await expect(field).toBeVisible();
  const box = await field.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the Inventur list and capture form are read whole at 360 px', async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, MODULE);
  const [article] = await demoArticles(db, 1, 99);
  if (!article) throw new Error('demo article missing');
  await startInventur(page);
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await scannerBurst(page, article.ean13);
  await expectArticleOpened(page, MODULE, article);
  await expect(page.getByLabel('Menge', { exact: true })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
