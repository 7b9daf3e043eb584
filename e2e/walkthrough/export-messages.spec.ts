import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { captureArticle, clearOpenCapture, demoArticles, moduleKey, openExportDialog } from '../support/capture-page';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Store walkthrough, the export of an Inventur on a 360 px phone: online the app says the export was sent and
// names the document; offline it says the export waits. Never the waiting text online, never a header
// warning on top of the result.

const MODULE = 'mde-inventur';
const WAITING = /sobald eine Verbindung|wartet auf eine Verbindung/;

test.use({ viewport: { width: 360, height: 740 } });

async function countOne(page: Page, offset: number, db: Parameters<typeof demoArticles>[0]) {
  const [article] = await demoArticles(db, 1, offset);
  if (!article) throw new Error('demo article missing');
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Verkaufsraum/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await captureArticle(page, MODULE, article, '4');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
}

test('online: sent, with the document number, and nothing else', async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, MODULE);
  await countOne(page, 40, db);
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  const [doc] = await db.query<{ number: string }>(
    `select number from capture_document where module = $1 order by id desc limit 1`,
    [moduleKey(MODULE)],
  );
  await expect(result).toContainText('Export gesendet');
  await expect(result).toContainText(doc?.number ?? 'missing');
  await expect(page.getByText(WAITING)).toHaveCount(0);
  await expect(page.getByText(/Bitte wählen Sie zuerst/)).toHaveCount(0);
});

test('online, the moment after the tap: never the waiting text', async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, MODULE);
  await countOne(page, 41, db);
  // the server takes its time with the export: what does the screen say meanwhile?
  await page.route('**/api/v1/captures/sync', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-state', 'queued');
  // read at once: a retrying 'not' would simply wait for the done state
  expect(await result.textContent()).not.toMatch(WAITING);
  await expect(result).toContainText('Der Export wird gesendet');
  await expect(result).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  await expect(page.getByText(/Bitte wählen Sie zuerst/)).toHaveCount(0);
});

test('offline: the export waits, and says so', async ({ loggedInPage: page, context, db }) => {
  await controlledByServiceWorker(page);
  await clearOpenCapture(page, MODULE);
  await countOne(page, 42, db);
  await context.setOffline(true);
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-state', 'queued');
  await expect(result).toContainText('Der Export wartet auf eine Verbindung');
  await expect(result).not.toContainText(/Export gesendet|Beleg/);
  await context.setOffline(false);
  await expect(result).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(result).toContainText('Export gesendet');
  await expect(page.getByText(WAITING)).toHaveCount(0);
});
