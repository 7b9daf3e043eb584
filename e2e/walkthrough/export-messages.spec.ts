import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { captureArticle, clearOpenCapture, demoArticles, moduleKey, openExportDialog } from '../support/capture-page';
import { seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';
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

test('the dialog opens on its main action: Enter exports, axe finds nothing serious', async ({
  loggedInPage: page,
  db,
}) => {
  await clearOpenCapture(page, MODULE);
  await countOne(page, 43, db);
  const dialog = await openExportDialog(page);
  await expect(dialog.getByRole('button', { name: 'Exportieren' })).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await readmeScreen(page, 'export-dialog');
  await page.keyboard.press('Enter');
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-state', 'done');
  await expect(result).toContainText('Export gesendet');
});

test('a network that does not reach the server: the export says it waits, and goes out as soon as the server answers', async ({
  loggedInPage: page,
  db,
}) => {
  // The page's clock is held: a long outage passes in an instant, and the time to the send is the device's own.
  await page.clock.install();
  await clearOpenCapture(page, MODULE);
  await countOne(page, 44, db);
  // The browser keeps its network (navigator.onLine stays true); the server is out of reach.
  const sync = '**/api/v1/captures/sync';
  await page.route(sync, (route) => route.abort('internetdisconnected'));
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-state', 'queued');
  await expect(result).toContainText('Der Export wartet auf eine Verbindung und wird dann gesendet.');
  await expect(result.locator('.mantine-Loader-root')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await readmeScreen(page, 'export-waiting');
  // Three minutes without the server: every attempt fails, the waits between them grow.
  for (let i = 0; i < 6; i++) {
    const attempt = page.waitForRequest((r) => r.url().endsWith('/api/v1/captures/sync'));
    await page.clock.runFor(31_000);
    await attempt;
  }
  await expect(result).toContainText('Der Export wartet auf eine Verbindung');
  // The server answers again: the export goes out within a few seconds of the device's clock, not after the
  // half minute the lines' backoff would wait.
  // From here the device's clock moves only as the journey says: 4 s of it, whatever the machine's speed.
  // (pauseAt goes forward first: to a moment surely ahead of the page's clock, the outage running on meanwhile.)
  await page.clock.pauseAt(Date.now() + 10 * 60_000);
  await page.unroute(sync);
  let waited = 0;
  await expect
    .poll(async () => {
      if (waited < 4_000) {
        waited += 500;
        await page.clock.runFor(500);
      }
      return result.getAttribute('data-state');
    })
    .toBe('done');
  await expect(page.getByTestId('document-numbers')).toContainText(/IN-\d{4}-\d{6}/);
});
