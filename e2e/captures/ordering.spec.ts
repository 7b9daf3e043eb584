import { type Db, expect, test } from '../fixtures';
import {
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  exportedDocuments,
  isoDay,
  moduleKey,
  openExportDialog,
  scannerBurst,
  shownDate,
  typeQuantity,
} from '../support/capture-page';

// Bestellung (docs/modules.md#bestellung): start with the delivery date, scan and type quantities, storage location
// (FELD_LAGERORT 'eingeblendet' in firma 1), the supplier-minimum warning, the EDI question
// (BESTELLUNGEN_EDI 'frage'), one order (BE-…) per main supplier.

const MODULE = 'mde-bestellung';

interface OrderArticle extends DemoArticle {
  supplierId: number;
  /** The supplier's minimum in base units (Stück). */
  minimumBase: number;
}

/** Demo articles ordered in Karton (so 1 Stück is always below the minimum), with their main supplier. */
async function orderArticles(db: Db): Promise<OrderArticle[]> {
  const articles = await demoArticles(db, 40);
  const terms = await db.query<{ article_id: number; supplier_id: number; minimum_base: number }>(
    `select article_id, supplier_id, (min_order_quantity * order_factor)::float as minimum_base
       from article_supplier
      where is_main and order_factor > 1 and article_id = any($1)`,
    [articles.map((a) => a.id)],
  );
  return articles.flatMap((a) => {
    const t = terms.find((x) => x.article_id === a.id);
    return t ? [{ ...a, supplierId: t.supplier_id, minimumBase: t.minimum_base }] : [];
  });
}

test.describe('Bestellung', () => {
  test.beforeEach(async ({ loggedInPage: page }) => clearOpenCapture(page, MODULE));

  test('delivery date, scans with quantities and location, minimum warning, EDI, one order per supplier', async ({
    loggedInPage: page,
    db,
  }) => {
    const candidates = await orderArticles(db);
    const a = candidates[0];
    const c = candidates.find((x) => x !== a && x.supplierId === a?.supplierId);
    const b = candidates.find((x) => x.supplierId !== a?.supplierId);
    if (!a || !b || !c) throw new Error('demo articles for two suppliers missing');
    const datum = isoDay(7);

    // A slow handheld: the list renders well after the URL changed. A scan in that moment once opened the
    // next article from the capture screen that was leaving, with its Lagerort (it failed so on the CI machine).
    // That makes the journey long (45 s of the 60 s budget on the CI machine): three times the budget.
    test.slow();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    await page.goto('/mde-bestellung/start');
    await page.getByLabel('Liefertermin').fill(datum);
    await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    await expect(page).toHaveURL(/\/mde-bestellung$/);
    await expect(page.getByTestId('capture-header')).toContainText(`Liefertermin: ${shownDate(datum)}`);

    // a: storage location; a small quantity is warned about while typing, enough clears the warning.
    await scannerBurst(page, a.ean13);
    await expect(page).toHaveURL(new RegExp(`/mde-bestellung/artikel-erfassen/${a.id}$`));
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    const below = page.getByText(/^Unter der Mindestbestellmenge des Lieferanten/);
    await page.getByLabel('Menge', { exact: true }).fill('1');
    await expect(below).toBeVisible();
    await expect(below).toContainText(`(${a.minimumBase} Stück)`);
    await page.getByLabel('Menge', { exact: true }).fill(String(a.minimumBase));
    await expect(below).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Lagerort' }).fill('r3-07');
    await page.getByLabel('Menge', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/mde-bestellung$/);

    // b: saved below the minimum: warned, not refused.
    await scannerBurst(page, b.ean13);
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await page.getByLabel('Menge', { exact: true }).fill('1');
    await expect(below).toBeVisible();
    await typeQuantity(page, '1');
    await expect(page).toHaveURL(/\/mde-bestellung$/);

    await scannerBurst(page, c.ean13);
    await expect(page.getByRole('heading', { name: c.designation1 })).toBeVisible();
    await typeQuantity(page, String(c.minimumBase * 2));
    await expect(page).toHaveURL(/\/mde-bestellung$/);

    await expect(captureLines(page)).toHaveCount(3);
    await expect(page.getByTestId('line-count')).toHaveText('3 Positionen');
    await expect(captureLines(page).filter({ hasText: a.designation1 })).toContainText('Lagerort: R3-07');
    await expect(captureLines(page).filter({ hasText: 'Lagerort:' })).toHaveCount(1);
    await expect(captureLines(page).filter({ hasText: b.designation1 })).toContainText(
      'Unter der Mindestbestellmenge des Lieferanten',
    );
    await expect
      .poll(() =>
        db.query<{ article_id: number; quantity: number; storage_location: string | null; warned: boolean }>(
          `select l.article_id, l.quantity::float as quantity, l.storage_location, jsonb_array_length(l.warnings) > 0 as warned
             from capture_line l join capture c on c.id = l.capture_id
            where c.module = $1 and c.status = 'open' and not l.deleted order by l.id`,
          [moduleKey(MODULE)],
        ),
      )
      .toEqual([
        { article_id: a.id, quantity: a.minimumBase, storage_location: 'R3-07', warned: false },
        { article_id: b.id, quantity: 1, storage_location: null, warned: true },
        { article_id: c.id, quantity: c.minimumBase * 2, storage_location: null, warned: false },
      ]);

    const dialog = await openExportDialog(page);
    await expect(dialog.getByText('Soll die Bestellung per EDI übertragen werden?')).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Exportieren' });
    // The firma's usual answer (BESTELLUNGEN_EDI_VORBELEGUNG, 'ja' while none is stored) is chosen already.
    await expect(dialog.getByRole('radio', { name: 'Ja, per EDI' })).toBeChecked();
    await expect(dialog.getByText('Nein', { exact: true })).toBeVisible();
    await expect(confirm).toBeEnabled();
    await confirm.click();
    // The export goes out with the next sync round (a second after the click, then the round's IndexedDB work):
    // at ten times throttling on a busy machine that takes up to 9 s, close to the default 10 s wait.
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

    const docs = await exportedDocuments(db, MODULE);
    expect(docs.map((d) => [d.supplier_id, d.line_count, d.edi, d.datum]).sort()).toEqual(
      [
        [a.supplierId, 2, true, datum],
        [b.supplierId, 1, true, datum],
      ].sort(),
    );
    for (const d of docs) expect(d.number).toMatch(/^BE-\d{4}-\d{6}$/);
    const numbers = page.getByTestId('document-numbers');
    await expect(numbers).toContainText(/BE-\d{4}-\d{6}, BE-\d{4}-\d{6}/);
    for (const d of docs) await expect(numbers).toContainText(d.number);
    await expect(captureLines(page)).toHaveCount(0);
  });
});
