import { type Db, expect, test } from './fixtures';
import {
  backOnList,
  captureLines,
  clearOpenCapture,
  exportedDocuments,
  openExportDialog,
  scannerBurst,
  serverLines,
  typeQuantity,
} from './support/capture-page';
import { layoutProblems } from './support/layout-check';
import { waitForOfflineReadiness } from './support/offline-device';
import { readmeScreen } from './support/readme-screens';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Warenverprobung (docs/modules.md#warenverprobung): Belegart, the order by scanning its barcode, a blind count by scans, the
// comparison (missing, deviating), the export storing the comparison as a WV document.

const MODULE = 'mde-warenverprobung';

interface OrderLine {
  article_id: number;
  designation1: string;
  ean13: string;
  quantity: number;
  factor: number;
  unit: string;
}

/** An open order of demo's vkforg with a Code 128 of its number, whose articles all have an EAN-13 of one piece. */
async function scannableOrder(db: Db) {
  const [order] = await db.query<{ id: number; number: string; barcode: string; supplier: string }>(
    `select o.id, o.number, o.barcode, (select s.name from supplier s where s.id = o.supplier_id) as supplier
       from purchase_order o
      where o.vkforg_id = 11 and o.barcode = o.number
        and (select count(*) from purchase_order_line l where l.order_id = o.id) between 4 and 6
        and not exists (
          select 1 from purchase_order_line l
           where l.order_id = o.id
             and not exists (select 1 from article_code c
                              where c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1))
      order by o.id limit 1`,
  );
  if (!order) throw new Error('no scannable demo order');
  const lines = await db.query<OrderLine>(
    `select l.article_id, a.designation1, substr(min(c.gtin14), 2) as ean13, l.quantity::float as quantity,
            l.factor::float as factor, l.unit
       from purchase_order_line l
       join article a on a.id = l.article_id
       join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
      where l.order_id = $1
      group by l.line_no, l.article_id, a.designation1, l.quantity, l.factor, l.unit
      order by l.line_no`,
    [order.id],
  );
  return { order, lines };
}

async function setBlindOrders(db: Db, value: 'true' | 'false') {
  await db.query(
    `update module_config set config_value = $1
      where firma_id = 1 and module = 'mde-warenverprobung' and config_key = 'BLINDZAEHLUNG_BESTELLUNG'`,
    [value],
  );
}

async function count(page: import('@playwright/test').Page, line: OrderLine, pieces: number) {
  await scannerBurst(page, line.ean13);
  await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${line.article_id}$`));
  await expect(page.getByRole('heading', { name: line.designation1 })).toBeVisible();
  await typeQuantity(page, String(pieces));
  await backOnList(page, MODULE);
}

test.describe('Warenverprobung', () => {
  test.beforeEach(async ({ loggedInPage: page, db }) => {
    await clearOpenCapture(page, MODULE);
    await clearOpenCapture(page, 'mde-retouren');
    const res = await page.request.put('/api/v1/captures/goods-receipt-check/header', {
      data: { art: null, documentId: null },
    });
    expect(res.status()).toBe(200);
    await setBlindOrders(db, 'true');
  });
  test.afterEach(async ({ db }) => setBlindOrders(db, 'false'));

  test('a scanned order counted blind, two deviations, the comparison and the export', async ({
    loggedInPage: page,
    db,
  }) => {
    const { order, lines } = await scannableOrder(db);
    const [deviating, missing, ...exact] = lines;
    if (!deviating || !missing) throw new Error('order too short');

    await page.goto(`/${MODULE}`);
    await expect(page.getByText('Bitte wählen Sie zuerst eine Bestellung oder Warenübernahme')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Kopf bearbeiten' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/auswahl/belegart$`));
    await page.getByRole('link', { name: 'Bestellung', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/auswahl/bestellung/belegeingabe$`));

    // An unknown code says so and stays; the order's Code 128 loads it.
    await scannerBurst(page, '4599999999');
    await expect(page.getByTestId('entry-message')).toHaveText('Die Bestellung wurde nicht gefunden');
    await scannerBurst(page, order.barcode);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}$`));
    const panel = page.getByTestId('checked-document');
    await expect(panel).toContainText(`Bestellung ${order.number}`);
    await expect(panel).toContainText('Blindzählung');
    await expect(page.getByTestId('capture-header')).toContainText('Belegart: Bestellung');
    // Blind: no expected quantity is shown while counting.
    await expect(page.getByTestId('comparison')).toHaveCount(0);
    await expect(panel).toContainText(`0 von ${lines.length} Belegpositionen gezählt`);

    for (const line of exact) await count(page, line, line.quantity * line.factor);
    // Two order units more than ordered: beyond the 10 % tolerance of the demo config.
    await count(page, deviating, (deviating.quantity + 2) * deviating.factor);
    await expect(panel).toContainText(`${lines.length - 1} von ${lines.length} Belegpositionen gezählt`);

    // Blind: the comparison waits until the count is finished; one line short, so that is asked first.
    await panel.getByRole('button', { name: 'Zählung abschließen' }).click();
    await expect(page.getByTestId('finish-warning')).toHaveText(
      `${lines.length - 1} von ${lines.length} Positionen erfasst`,
    );
    await page.getByRole('button', { name: 'Trotzdem abschließen' }).click();
    const rows = page.getByTestId('comparison-row');
    await expect(rows).toHaveCount(lines.length);
    await expect(page.getByTestId('comparison')).toContainText('2 Positionen weichen ab');
    await expect(rows.filter({ hasText: deviating.designation1 })).toHaveAttribute('data-status', 'deviating');
    await expect(rows.filter({ hasText: deviating.designation1 })).toContainText('Differenz 2');
    await expect(rows.filter({ hasText: missing.designation1 })).toHaveAttribute('data-status', 'missing');
    for (const line of exact) {
      await expect(rows.filter({ hasText: line.designation1 }).first()).toHaveAttribute('data-status', 'ok');
    }
    await page.setViewportSize({ width: 360, height: 800 });
    // Nothing of the comparison runs wider than the phone, and no text is cut (the 360 px sweep's check).
    const overflow = await page
      .getByTestId('comparison')
      .evaluate((el) => Array.from(el.querySelectorAll('*')).some((n) => n.scrollWidth > n.clientWidth + 1));
    expect(overflow).toBe(false);
    expect(await layoutProblems(page)).toEqual([]);
    await readmeScreen(page, 'goods-receipt-comparison', page.getByTestId('checked-document'));

    // One tap: the over-delivery becomes a Retoure to the supplier, prefilled.
    await page.setViewportSize({ width: 412, height: 915 });
    await panel.getByRole('button', { name: 'Als Retoure an den Lieferanten (1 Position)' }).click();
    await expect(page).toHaveURL(/\/mde-retouren$/);
    await expect(page.getByTestId('capture-header')).toContainText(`Lieferant: ${order.supplier}`);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(captureLines(page)).toContainText(deviating.designation1);
    await expect(captureLines(page)).toContainText('Grund: Überlieferung');
    await expect
      .poll(async () => (await serverLines(db, 'mde-retouren')).map((l) => [l.article_id, l.quantity, l.unit]))
      .toEqual([[deviating.article_id, 2, deviating.unit]]);

    await page.goto(`/${MODULE}`);
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const result = page.getByTestId('export-result');
    await expect(result).toHaveAttribute('data-state', 'done');
    const report = page.getByTestId('comparison-report');
    await expect(report).toContainText(`Abgleich mit Beleg ${order.number}`);
    await expect(report).toContainText('(fehlt)');
    await expect(report).toContainText('(Abweichung)');
    const [document] = await exportedDocuments(db, MODULE);
    expect(document?.number).toMatch(/^WV-\d{4}-\d{6}$/);
  });

  test('a wrong document id on the list shows the spec text', async ({ loggedInPage: page }) => {
    const res = await page.request.put('/api/v1/captures/goods-receipt-check/header', {
      data: { art: 'WARENUEBERNAHME', documentId: 999_999 },
    });
    expect(res.status()).toBe(200);
    await page.goto(`/${MODULE}/auswahl/warenuebernahme/belegeingabe`);
    await page.getByLabel('Belegnummer').fill('LS0000000');
    await page.getByRole('button', { name: 'Beleg laden' }).click();
    await expect(page.getByTestId('entry-message')).toHaveText('Kein Beleg mit dieser Nummer gefunden');
    await page.goto(`/${MODULE}`);
    await expect(page.getByText('Fehler beim Laden des Belegkopfs! Bitte Exzess prüfen!')).toBeVisible();
  });

  test('other auswahl paths lead to Belegart; Belege lists the goods receipts newest first', async ({
    loggedInPage: page,
  }) => {
    await page.goto(`/${MODULE}/auswahl/irgendwas`);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/auswahl/belegart$`));
    await page.getByRole('link', { name: 'Belege durchsuchen' }).click();
    await page.getByText('Warenübernahme', { exact: true }).click();
    const first = page.getByRole('button', { name: /LS\d+/ }).first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}$`));
    await expect(page.getByTestId('checked-document')).toContainText('Warenübernahme LS');
    await expect(page.getByTestId('checked-document')).toContainText('Blindzählung');
  });

  test('fully offline: the order from the device copy, a count, the comparison; the export waits for the network', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    test.setTimeout(180_000);
    const { order, lines } = await scannableOrder(db);
    const [first] = lines;
    if (!first) throw new Error('order too short');
    // Online once: the app shell, the article cache and the documents due around today reach the device.
    await page.goto(`/${MODULE}/auswahl/belegart`);
    await waitForOfflineReadiness(page);
    await page.goto(`/${MODULE}/auswahl/belegart`);
    await expect(page.getByRole('link', { name: 'Bestellung', exact: true })).toBeVisible();
    // The device's copy of the documents (IndexedDB 'mde', table deviceCopies) holds the order.
    await expect
      .poll(() =>
        page.evaluate(
          (number) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('mde');
              open.onsuccess = () => {
                const all = open.result.transaction('deviceCopies').objectStore('deviceCopies').getAll();
                all.onsuccess = () =>
                  resolve(
                    (all.result as { key: string; value: { orders?: { number: string }[] } }[]).some(
                      (r) =>
                        r.key.startsWith('receiving-documents:') && !!r.value.orders?.some((o) => o.number === number),
                    ),
                  );
                all.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
          order.number,
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Bestellung', exact: true }).click();
    await scannerBurst(page, order.barcode);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}$`));
    const panel = page.getByTestId('checked-document');
    await expect(panel).toContainText(`Bestellung ${order.number}`);
    await count(page, first, first.quantity * first.factor);
    await panel.getByRole('button', { name: 'Zählung abschließen' }).click();
    await page.getByRole('button', { name: 'Trotzdem abschließen' }).click();
    await expect(page.getByTestId('comparison-row').filter({ hasText: first.designation1 }).first()).toHaveAttribute(
      'data-status',
      'ok',
    );
    await expect(page.locator('[data-testid="comparison-row"][data-status="missing"]')).toHaveCount(lines.length - 1);

    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'queued');
    await context.setOffline(false);
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
    await expect(page.getByTestId('comparison-report')).toContainText(`Abgleich mit Beleg ${order.number}`);
    expect((await exportedDocuments(db, MODULE)).length).toBeGreaterThanOrEqual(1);
  });
});
