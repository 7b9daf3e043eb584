import { type Db, expect, test } from '../fixtures';
import {
  captureLines,
  clearOpenCapture,
  demoArticles,
  exportedDocuments,
  isoDay,
  moduleKey,
  openExportDialog,
  scannerBurst,
  shownDate,
  typeQuantity,
} from '../support/capture-page';

// Retouren (docs/modules.md#retouren): document date and supplier first, a reason per line, the supplier check
// ('Der gewählte Lieferant liefert diesen Artikel nicht'), export to a return document RE-….

const MODULE = 'mde-retouren';
const REASONS = ['defekt', 'MHD abgelaufen', 'Falschlieferung', 'Überlieferung'];

/** An article, its main supplier, and an article that supplier does not deliver at all. */
async function returnArticles(db: Db) {
  const articles = await demoArticles(db, 40);
  const suppliers = await db.query<{ article_id: number; supplier_id: number; is_main: boolean }>(
    'select article_id, supplier_id, is_main from article_supplier where article_id = any($1)',
    [articles.map((a) => a.id)],
  );
  const a = articles[0];
  const main = suppliers.find((s) => s.article_id === a?.id && s.is_main)?.supplier_id;
  const b = articles.find((x) => !suppliers.some((s) => s.article_id === x.id && s.supplier_id === main));
  if (!a || !b || main === undefined) throw new Error('demo articles for the supplier check missing');
  const [supplier] = await db.query<{ id: number; number: string; name: string }>(
    'select id, number, name from supplier where id = $1',
    [main],
  );
  if (!supplier) throw new Error('supplier missing');
  return { a, b, supplier };
}

test.describe('Retouren', () => {
  test.beforeEach(async ({ loggedInPage: page }) => {
    await clearOpenCapture(page, MODULE);
    // Journeys before this one (offline capture, a shift offline) leave a header on demo's open Retoure.
    const res = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, {
      data: { belegdatum: null, supplierId: null },
    });
    expect(res.status()).toBe(200);
  });

  test('document date and supplier, a reason per line, the supplier check, export: RE document', async ({
    loggedInPage: page,
    db,
  }) => {
    const { a, b, supplier } = await returnArticles(db);
    const belegdatum = isoDay(-1);

    await page.goto('/mde-retouren');
    // Without the header no line can be captured: the list says so and links to the header step.
    await expect(page.getByText('Bitte geben Sie zuerst Belegdatum und Lieferant ein')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Kopf bearbeiten' }).first().click();
    await expect(page).toHaveURL(/\/mde-retouren\/eingabe-belegdatum$/);
    await page.getByLabel('Belegdatum').fill(belegdatum);
    const submit = page.getByRole('button', { name: 'Weiter zur Erfassung' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Lieferant suchen (Name oder Nummer)').fill(supplier.name.split(' ')[0] ?? '');
    await page.getByRole('radio', { name: `${supplier.number} · ${supplier.name}` }).click();
    await expect(page.getByTestId('chosen-supplier')).toHaveText(`Lieferant: ${supplier.name}`);
    await submit.click();
    await expect(page).toHaveURL(/\/mde-retouren$/);
    const header = page.getByTestId('capture-header');
    await expect(header).toContainText(`Belegdatum: ${shownDate(belegdatum)}`);
    await expect(header).toContainText(`Lieferant: ${supplier.name}`);

    // a is delivered by the supplier: no warning; the line needs a reason before it is saved.
    await scannerBurst(page, a.ean13);
    await expect(page).toHaveURL(new RegExp(`/mde-retouren/artikel-erfassen/${a.id}$`));
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    await expect(page.getByText('Der gewählte Lieferant liefert diesen Artikel nicht')).toHaveCount(0);
    await typeQuantity(page, '2');
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte wählen Sie einen Rückgabegrund' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/mde-retouren/artikel-erfassen/${a.id}$`));
    await page.getByRole('combobox', { name: 'Rückgabegrund' }).click();
    await expect(page.getByRole('option')).toHaveText(REASONS);
    await page.getByRole('option', { name: 'defekt' }).click();
    await typeQuantity(page, '2');
    await expect(page).toHaveURL(/\/mde-retouren$/);

    // b is not delivered by the chosen supplier: warned on the screen, saved with the server's warning.
    await scannerBurst(page, b.ean13);
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await expect(page.getByText('Der gewählte Lieferant liefert diesen Artikel nicht')).toBeVisible();
    await page.getByRole('combobox', { name: 'Rückgabegrund' }).click();
    await page.getByRole('option', { name: 'MHD abgelaufen' }).click();
    await typeQuantity(page, '1');
    await expect(page).toHaveURL(/\/mde-retouren$/);

    await expect(captureLines(page)).toHaveCount(2);
    await expect(captureLines(page).filter({ hasText: a.designation1 })).toContainText('Grund: defekt');
    const lineB = captureLines(page).filter({ hasText: b.designation1 });
    await expect(lineB).toContainText('Grund: MHD abgelaufen');
    await expect(lineB).toContainText('Der Lieferant liefert diesen Artikel nicht');
    await expect
      .poll(() =>
        db.query<{ article_id: number; quantity: number; reason: string; warnings: string[] }>(
          `select l.article_id, l.quantity::float as quantity, l.reason, l.warnings
             from capture_line l join capture c on c.id = l.capture_id
            where c.module = $1 and c.status = 'open' and not l.deleted order by l.id`,
          [moduleKey(MODULE)],
        ),
      )
      .toEqual([
        { article_id: a.id, quantity: 2, reason: 'defekt', warnings: [] },
        {
          article_id: b.id,
          quantity: 1,
          reason: 'MHD abgelaufen',
          warnings: ['Der Lieferant liefert diesen Artikel nicht'],
        },
      ]);

    const dialog = await openExportDialog(page);
    await expect(dialog.getByText('Soll die Bestellung per EDI übertragen werden?')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
    const docs = await exportedDocuments(db, MODULE);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ supplier_id: supplier.id, belegdatum, line_count: 2, edi: null });
    expect(docs[0]?.number).toMatch(/^RE-\d{4}-\d{6}$/);
    await expect(page.getByTestId('document-numbers')).toHaveText(`Beleg ${docs[0]?.number} wurde erstellt.`);
    await expect(captureLines(page)).toHaveCount(0);
  });

  // A worker taps "Weiter zur Erfassung" and scans at once: the header is still being saved, so the scan
  // arrives on the header step. It must open its article once the header is saved, not vanish.
  test('a scan right after "Weiter zur Erfassung" opens its article', async ({ loggedInPage: page, db }) => {
    const { a, supplier } = await returnArticles(db);
    await page.goto('/mde-retouren/eingabe-belegdatum');
    await page.getByLabel('Belegdatum').fill(isoDay(0));
    await page.getByLabel('Lieferant suchen (Name oder Nummer)').fill(supplier.name.split(' ')[0] ?? '');
    await page.getByRole('radio', { name: `${supplier.number} · ${supplier.name}` }).click();
    await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
    // The tap and the scan in one task: the scan's keys arrive before the header's save has finished.
    await page.evaluate((code) => {
      const submit = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent === 'Weiter zur Erfassung',
      );
      if (!submit) throw new Error('no submit button');
      // Made before the first is sent: each key's time is the scanner's (support/capture-page.ts scannerBurst).
      const keys = [...code, 'Enter'].flatMap((key) =>
        ['keydown', 'keyup'].map((type) => new KeyboardEvent(type, { key, bubbles: true, cancelable: true })),
      );
      submit.click();
      for (const key of keys) document.body.dispatchEvent(key);
    }, a.ean13);
    await expect(page).toHaveURL(new RegExp(`/mde-retouren/artikel-erfassen/${a.id}$`));
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    await expect(page.getByText('Scan hier nicht möglich')).toHaveCount(0);
  });
});
