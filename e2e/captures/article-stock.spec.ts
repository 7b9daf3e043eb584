import { type Db, expect, test } from '../fixtures';
import {
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  exportedDocuments,
  openExportDialog,
  scannerBurst,
  typeQuantity,
} from '../support/capture-page';

// Artikelvorrat (docs/modules.md#artikelvorrat): beleg-auswahl starts a new stock document, lines record the stock on
// hand, the export derives the reorder quantities (target − on hand, in whole order units); firma 1 has
// BESTELLUNGEN_EDI 'nein', so no EDI question. The document is listed under 'Belege der letzten 30 Tage'.

const MODULE = 'mde-artikelvorrat';
const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

async function reorderTerms(db: Db, article: DemoArticle) {
  const [terms] = await db.query<{ target: number; factor: number; unit: string }>(
    `select l.target_stock::float as target, s.order_factor::float as factor, s.order_unit as unit
       from article_listing l join article_supplier s on s.article_id = l.article_id and s.is_main
      where l.vkforg_id = 11 and l.article_id = $1`,
    [article.id],
  );
  if (!terms || terms.target < 2) throw new Error(`reorder terms of ${article.number} missing`);
  return terms;
}

test.describe('Artikelvorrat', () => {
  test.beforeEach(async ({ loggedInPage: page }) => clearOpenCapture(page, MODULE));

  test('new document from beleg-auswahl, stock on hand, export without EDI question, reorder report, listed', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a, b] = await demoArticles(db, 2, 3);
    if (!a || !b) throw new Error('demo articles missing');
    const termsA = await reorderTerms(db, a);
    const termsB = await reorderTerms(db, b);
    const onHandA = 1;
    const onHandB = termsB.target + 5;

    await page.goto('/mde-artikelvorrat/beleg-auswahl');
    await expect(page.getByRole('heading', { name: 'Neuer Vorratsbeleg' })).toBeVisible();
    await page.getByRole('link', { name: 'Neuen Beleg beginnen' }).click();
    await expect(page).toHaveURL(/\/mde-artikelvorrat\/artikel-erfassen\/suche$/);

    // A scan on the search screen opens the article, as on the list.
    await scannerBurst(page, a.ean13);
    await expect(page).toHaveURL(new RegExp(`/mde-artikelvorrat/artikel-erfassen/${a.id}$`));
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    // FELD_LAGERORT is 'ausgeblendet' for Artikelvorrat in firma 1.
    await expect(page.getByRole('textbox', { name: 'Lagerort' })).toHaveCount(0);
    await typeQuantity(page, String(onHandA));
    await expect(page).toHaveURL(/\/mde-artikelvorrat$/);

    await scannerBurst(page, b.ean13);
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await typeQuantity(page, String(onHandB));
    await expect(page).toHaveURL(/\/mde-artikelvorrat$/);
    await expect(captureLines(page)).toHaveCount(2);
    await expect
      .poll(async () =>
        db.query(
          `select l.article_id, l.quantity::float as quantity from capture_line l join capture c on c.id = l.capture_id
            where c.module = $1 and c.status = 'open' and not l.deleted order by l.id`,
          ['article-stock'],
        ),
      )
      .toEqual([
        { article_id: a.id, quantity: onHandA },
        { article_id: b.id, quantity: onHandB },
      ]);

    const dialog = await openExportDialog(page);
    await expect(dialog.getByText('Soll die Bestellung per EDI übertragen werden?')).toHaveCount(0);
    await expect(dialog.getByText('Ja, per EDI')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
    const docs = await exportedDocuments(db, MODULE);
    expect(docs).toHaveLength(1);
    const number = docs[0]?.number ?? 'missing';
    expect(number).toMatch(/^AV-\d{4}-\d{6}$/);
    expect(docs[0]).toMatchObject({ line_count: 2, edi: null });
    await expect(page.getByTestId('document-numbers')).toHaveText(`Beleg ${number} wurde erstellt.`);

    // Reorder = target − on hand, rounded up to whole order units; nothing when the stock covers the target.
    const report = page.getByTestId('export-result').getByTestId('reorder-report');
    await expect(report.getByRole('row')).toHaveCount(3);
    const reorderA = Math.ceil((termsA.target - onHandA) / termsA.factor);
    await expect(report.getByRole('row').filter({ hasText: a.designation1 }).getByRole('cell')).toHaveText([
      `${a.number} · ${a.designation1}`,
      de.format(onHandA),
      de.format(termsA.target),
      `${de.format(reorderA)} ${termsA.unit}`,
    ]);
    await expect(report.getByRole('row').filter({ hasText: b.designation1 }).getByRole('cell')).toHaveText([
      `${b.number} · ${b.designation1}`,
      de.format(onHandB),
      de.format(termsB.target),
      `0 ${termsB.unit}`,
    ]);
    await expect(captureLines(page)).toHaveCount(0);

    // beleg-auswahl: nothing open any more, and the exported document is in the 30-day list.
    await page.goto('/mde-artikelvorrat/beleg-auswahl');
    await expect(page.getByRole('link', { name: 'Neuen Beleg beginnen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Belege der letzten 30 Tage' })).toBeVisible();
    const listed = page.getByRole('button', { name: new RegExp(number) });
    await expect(listed).toBeVisible();
    await listed.click();
    await expect(page.getByText(`${a.number} · ${a.designation1}: ${de.format(onHandA)} `)).toBeVisible();
  });
});
