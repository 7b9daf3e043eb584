import { expect, test } from '../fixtures';
import {
  backOnList,
  captureArticle,
  captureLines,
  clearOpenCapture,
  demoArticles,
  openInventurList,
  scannerBurst,
  serverLines,
  typeQuantity,
} from '../support/capture-page';
import { seriousAxeViolations, stoppedMoving } from '../support/layout-check';
import { closeOpenCaptures } from '../support/offline-device';
import { readmeScreen } from '../support/readme-screens';

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

  test('at 360 px a shelf label scanned on the list sets the location, named by aisle, shelf and level; the line just saved is in view', async ({
    loggedInPage: page,
    db,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shelves = await db.query<{ code: string; name: string; barcode: string }>(
      `select s.code, s.name, s.barcode from storage_location s join warehouse w on w.id = s.warehouse_id
        where w.vkforg_id = 11 and w.name = 'Kühlhaus' and s.barcode is not null
        order by s.code offset 5 limit 2`,
    );
    const [shelf, nextShelf] = shelves;
    if (!shelf || !nextShelf) throw new Error('no storage locations in the Kühlhaus');
    const articles = await demoArticles(db, 4, 20);
    await openInventurList(page, { quick: false });

    // The label on the shelf, scanned on the list: no tap on 'Lagerort zuerst scannen', no open code.
    await scannerBurst(page, shelf.barcode);
    await expect(page.getByLabel('Aktueller Lagerort')).toHaveValue(shelf.code);
    await expect(page.getByText(shelf.name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('unresolved-code')).toHaveCount(0);
    await stoppedMoving(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, 'inventur-location-scan');

    for (const a of articles.slice(0, 3)) await captureArticle(page, MODULE, a, '4');
    // The line just saved, whole on the screen without scrolling.
    const newest = captureLines(page).first();
    await expect(newest).toHaveAttribute('data-article', articles[2]?.number ?? 'missing');
    await expect(newest).toBeInViewport({ ratio: 1 });
    await stoppedMoving(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, 'inventur-newest-line');
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
    expect((await serverLines(db, MODULE)).map((r) => r.storage_location)).toEqual([
      shelf.code,
      shelf.code,
      shelf.code,
    ]);

    // The next shelf's label, scanned in an article's entry: the entry and the list take its location.
    const last = articles[3];
    if (!last) throw new Error('demo article missing');
    await scannerBurst(page, last.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${last.id}$`));
    await scannerBurst(page, nextShelf.barcode);
    await expect(page.getByLabel('Lagerort', { exact: true })).toHaveValue(nextShelf.code);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${last.id}$`));
    await typeQuantity(page, '2');
    await backOnList(page, MODULE);
    await expect(page.getByLabel('Aktueller Lagerort')).toHaveValue(nextShelf.code);
    await expect(page.getByTestId('unresolved-code')).toHaveCount(0);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
    expect((await serverLines(db, MODULE)).map((r) => r.storage_location)).toEqual([
      shelf.code,
      shelf.code,
      shelf.code,
      nextShelf.code,
    ]);
  });
});
