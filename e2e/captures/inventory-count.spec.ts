import { expect, test } from '../fixtures';
import { captureArticle, captureLines, clearOpenCapture, demoArticles, serverLines } from '../support/capture-page';
import { closeOpenCaptures } from '../support/offline-device';

// Inventur: start with warehouse and document date, count by wedge scans, export, difference report.

const MODULE = 'mde-inventur';

test.describe('Inventur', () => {
  // A retry must not find the lines of the failed try on the server.
  test.beforeEach(async ({ loggedInPage: page }) => clearOpenCapture(page, MODULE));

  test('count three articles at two locations, export, see the document number and the differences', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a, b] = await demoArticles(db, 2);
    if (!a || !b) throw new Error('demo articles missing');
    // No open count on the server: a device opening Inventur continues one it finds there.
    await closeOpenCaptures(db, MODULE);
    await page.goto('/mde-inventur');
    await expect(page).toHaveURL(/\/mde-inventur\/start$/);
    await page.getByRole('combobox', { name: 'Lager' }).click();
    await page.getByRole('option', { name: /Kühlhaus/ }).click();
    await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    await expect(page).toHaveURL(/\/mde-inventur$/);

    await page.getByLabel('Aktueller Lagerort').fill('R1-01');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await captureArticle(page, MODULE, a, '7');
    await captureArticle(page, MODULE, b, '3');
    await page.getByLabel('Aktueller Lagerort').fill('R2-05');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    // The same article at another location is a line of its own: no add-or-replace question.
    await captureArticle(page, MODULE, a, '2');

    await expect(captureLines(page)).toHaveCount(3);
    await expect(page.getByTestId('line-count')).toHaveText('3 Positionen');
    await expect(captureLines(page).first()).toHaveAttribute('data-article', a.number);
    await expect(page.getByRole('columnheader', { name: 'Erfassungszeitpunkt' })).toBeVisible();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
    const rows = await serverLines(db, MODULE);
    expect(rows.map((r) => [r.article_id, r.quantity, r.storage_location]).sort()).toEqual(
      [
        [a.id, 7, 'R1-01'],
        [a.id, 2, 'R2-05'],
        [b.id, 3, 'R1-01'],
      ].sort(),
    );

    await page.getByRole('button', { name: 'Speichern und exportieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('document-numbers')).toContainText(/IN-\d{4}-\d{6}/);
    const report = page.getByTestId('difference-report');
    await expect(report.getByRole('row')).toHaveCount(3);
    await expect(report).toContainText(a.designation1);
    await expect(captureLines(page)).toHaveCount(0);
    const docs = await db.query<{ number: string }>(
      `select number from capture_document where module = 'inventory-count' order by id desc limit 1`,
    );
    await expect(page.getByTestId('document-numbers')).toContainText(docs[0]?.number ?? 'missing');
  });
});
