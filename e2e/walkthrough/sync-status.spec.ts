import { expect, test } from '../fixtures';
import { captureArticle, clearOpenCapture, demoArticles, openExportDialog } from '../support/capture-page';

// Store walkthrough: an export the server refuses is set aside. The status line must not say
// 'Alles synchronisiert' next to the refused change: something did not reach the server.

const MODULE = 'mde-inventur';

test.use({ viewport: { width: 360, height: 740 } });

test("a refused export never reads 'Alles synchronisiert'", async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, MODULE);
  const [article] = await demoArticles(db, 1, 70);
  if (!article) throw new Error('demo article missing');
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Verkaufsraum/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await captureArticle(page, MODULE, article, '3');
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-waiting', '0');
  await expect(status).toContainText('Alles synchronisiert');

  // the export reaches the server in a form it refuses (as a stale app version might send it)
  await page.route('**/api/v1/captures/sync', async (route) => {
    const body = route.request().postDataJSON() as { changes: { kind: string; payload?: unknown }[] };
    for (const c of body.changes) if (c.kind === 'export') c.payload = { edi: 'vielleicht' };
    await route.continue({ postData: JSON.stringify(body) });
  });
  const dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'rejected');
  await expect(status).toHaveAttribute('data-set-aside', '1');
  await expect(status).not.toContainText('Alles synchronisiert');
  await expect(page.getByTestId('set-aside-count')).toBeVisible();
  await page.unroute('**/api/v1/captures/sync');
});
