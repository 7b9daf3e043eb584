import type { Locator, Page } from '@playwright/test';
import { type Db, expect, test } from '../fixtures';
import {
  backOnList,
  captureArticle,
  clearOpenCapture,
  demoArticles,
  exportedDocuments,
  headerArrived,
  isoDay,
  moduleKey,
  openExportDialog,
  scannerBurst,
  shownDate,
  typeQuantity,
} from '../support/capture-page';
import { layoutProblems, seriousAxeViolations, stoppedMoving } from '../support/layout-check';

// A shift without friction, the documents part, walked at 360 x 740 px: the blind Warenverprobung stays blind
// and a partial count or a short Lieferschein warns first; a Lieferschein carton is one scan and 24 + Enter;
// the Bestellung export starts with the firma's EDI answer; a Retoure scan before the header is kept.

test.use({ viewport: { width: 360, height: 740 } });

/** Every tap the journey makes, so a step's cost in taps can be asserted. */
function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps++;
      await target.click();
    },
    get taps() {
      return taps;
    },
  };
}

async function screenIsClean(page: Page) {
  await stoppedMoving(page);
  expect([...(await layoutProblems(page)), ...(await seriousAxeViolations(page))]).toEqual([]);
}

/** A person typing on the keypad (slower than a scanner's burst), then Enter. */
async function typeAndEnter(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 120 });
  await page.keyboard.press('Enter');
  return text.length + 1;
}

test.describe('Lieferschein', () => {
  /** A note of demo's vkforg with nine articles of one piece each, 24 delivered of every one. */
  async function cartonNote(db: Db) {
    const articles = await demoArticles(db, 9, 120);
    const number = `LS-SHIFT-${Date.now()}`;
    const [supplier] = await db.query<{ id: number }>('select id from supplier where firma_id = 1 order by id limit 1');
    const [note] = await db.query<{ id: number }>(
      `insert into goods_receipt (firma_id, vkforg_id, supplier_id, number, reference_number, order_id, receipt_date)
       values (1, 11, $1, $2, null, null, current_date) returning id`,
      [supplier?.id, number],
    );
    for (const [i, a] of articles.entries()) {
      await db.query(
        `insert into goods_receipt_line (receipt_id, line_no, firma_id, article_id, unit, factor, quantity)
         values ($1, $2, 1, $3, $4, 1, 24)`,
        [note?.id, i + 1, a.id, a.baseUnit],
      );
    }
    return { id: note?.id ?? 0, number, articles };
  }

  test('a carton is one scan and 24 + Enter on the line brought into view; booking short names what is missing', async ({
    loggedInPage: page,
    db,
  }) => {
    const note = await cartonNote(db);
    const last = note.articles.at(-1);
    const other = note.articles[0];
    if (!last || !other) throw new Error('note too short');
    const counter = tapCounter();
    await page.goto(`/delivery-note-processing?beleg=${note.id}`);
    await expect(page.getByTestId('delivery-note-detail')).toContainText(`Lieferschein ${note.number}`);
    const line = (number: string) => page.locator(`[data-testid="note-line"][data-article="${number}"]`);

    // The last line is far below the fold: the scan marks it, brings it into view and opens its count.
    await scannerBurst(page, last.ean13);
    const scanned = line(last.number);
    await expect(scanned).toHaveAttribute('data-scanned', 'true');
    await expect(scanned).toBeInViewport();
    const field = page.getByLabel(`Gezählte Menge ${last.number}`);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('1');
    const keys = await typeAndEnter(page, '24');
    await expect(scanned).toContainText('Gezählt 24 ');
    // One scan, two digits and Enter: no tap at all.
    expect({ taps: counter.taps, keys }).toEqual({ taps: 0, keys: 3 });
    await screenIsClean(page);

    // The correction is a real button; its field is labelled and has the focus.
    const correct = line(other.number).getByRole('button', { name: 'Menge korrigieren' });
    await correct.scrollIntoViewIfNeeded();
    expect((await correct.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await counter.tap(correct);
    await expect(page.getByLabel(`Gezählte Menge ${other.number}`)).toBeFocused();
    await typeAndEnter(page, '24');
    await expect(line(other.number)).toContainText('Gezählt 24 ');

    // Seven of nine lines are short: the booking says so, and going on counting comes first.
    await counter.tap(page.getByRole('button', { name: 'Buchen', exact: true }));
    const confirm = page.getByTestId('book-confirm');
    await expect(confirm).toContainText('Weniger gezählt als geliefert');
    await expect(confirm).toContainText('2 von 9 Positionen vollständig gezählt');
    await expect(confirm.getByTestId('book-short-lines')).toContainText(`${note.articles[1]?.number} ·`);
    await expect(confirm.getByRole('button')).toHaveText(['Weiter zählen', 'Trotzdem buchen']);
    await screenIsClean(page);
    await counter.tap(confirm.getByRole('button', { name: 'Weiter zählen' }));
    await expect(confirm).toHaveCount(0);
    await expect(page.getByTestId('note-status')).not.toHaveText('gebucht');

    await counter.tap(page.getByRole('button', { name: 'Buchen', exact: true }));
    await counter.tap(page.getByRole('button', { name: 'Trotzdem buchen' }));
    await expect(page.getByTestId('note-status')).toHaveText('gebucht');
  });
});

test.describe('Warenverprobung', () => {
  const MODULE = 'mde-warenverprobung';

  async function setBlindOrders(db: Db, value: 'true' | 'false') {
    await db.query(
      `update module_config set config_value = $1
        where firma_id = 1 and module = 'mde-warenverprobung' and config_key = 'BLINDZAEHLUNG_BESTELLUNG'`,
      [value],
    );
  }

  test.beforeEach(async ({ loggedInPage: page, db }) => {
    await clearOpenCapture(page, MODULE);
    await setBlindOrders(db, 'true');
  });
  test.afterEach(async ({ db }) => setBlindOrders(db, 'false'));

  test('blind: no expected quantity until the count is finished; a partial count warns before finishing and exporting', async ({
    loggedInPage: page,
    db,
  }) => {
    const [order] = await db.query<{ id: number; number: string }>(
      `select o.id, o.number from purchase_order o
        where o.vkforg_id = 11
          and (select count(*) from purchase_order_line l where l.order_id = o.id) between 3 and 8
          and exists (select 1 from purchase_order_line l
                        join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
                       where l.order_id = o.id)
        order by o.id limit 1`,
    );
    if (!order) throw new Error('no demo order');
    const [first] = await db.query<{ article_id: number; designation1: string; ean13: string }>(
      `select l.article_id, a.designation1, substr(min(c.gtin14), 2) as ean13
         from purchase_order_line l
         join article a on a.id = l.article_id
         join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
        where l.order_id = $1
        group by l.line_no, l.article_id, a.designation1 order by l.line_no limit 1`,
      [order.id],
    );
    const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
      'select count(distinct article_id)::int as total from purchase_order_line where order_id = $1',
      [order.id],
    );
    if (!first) throw new Error('order without a scannable article');
    await page.goto(`/${MODULE}/auswahl/bestellung/belegeingabe`);
    await page.getByLabel('Belegnummer').fill(order.number);
    await page.getByRole('button', { name: 'Beleg laden' }).click();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}$`));
    const panel = page.getByTestId('checked-document');
    await expect(panel).toContainText(`Bestellung ${order.number}`);
    await expect(panel).toContainText('Blindzählung');
    await scannerBurst(page, first.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${first.article_id}$`));
    await typeQuantity(page, '1');
    await backOnList(page, MODULE);
    await expect(panel).toContainText(`1 von ${total} Belegpositionen gezählt`);

    // Blind: nothing on the screen offers the comparison (the expected quantities) in the middle of the count.
    await expect(panel.getByRole('button', { name: 'Abgleich anzeigen' })).toHaveCount(0);
    await expect(page.getByTestId('comparison')).toHaveCount(0);
    await screenIsClean(page);

    // Finishing a partial count says what is counted; going on counting comes first and keeps it blind.
    await panel.getByRole('button', { name: 'Zählung abschließen' }).click();
    const finish = page.getByRole('dialog', { name: 'Zählung abschließen?' });
    await expect(finish.getByTestId('finish-warning')).toHaveText(`1 von ${total} Positionen erfasst`);
    await expect(finish.locator('button:not(.mantine-Modal-close)')).toHaveText([
      'Weiter zählen',
      'Trotzdem abschließen',
    ]);
    await expect(finish.getByRole('button', { name: 'Weiter zählen' })).toBeFocused();
    await screenIsClean(page);
    await finish.getByRole('button', { name: 'Weiter zählen' }).click();
    await expect(finish).toHaveCount(0);
    await expect(page.getByTestId('comparison')).toHaveCount(0);

    // Exporting the partial count warns the same way, with going on first.
    const documentCount = async () =>
      (
        await db.query<{ n: number }>('select count(*)::int as n from capture_document where module = $1', [
          moduleKey(MODULE),
        ])
      )[0]?.n;
    const before = await documentCount();
    let dialog = await openExportDialog(page);
    await expect(dialog.getByTestId('export-warning')).toContainText(`1 von ${total} Positionen erfasst`);
    const buttons = dialog.locator('button:not(.mantine-Modal-close)');
    await expect(buttons).toHaveText(['Weiter erfassen', 'Trotzdem exportieren']);
    await screenIsClean(page);
    await dialog.getByRole('button', { name: 'Weiter erfassen' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await documentCount()).toBe(before);

    // Finished on purpose: now the comparison shows, and stays after leaving the screen.
    await panel.getByRole('button', { name: 'Zählung abschließen' }).click();
    await page.getByRole('button', { name: 'Trotzdem abschließen' }).click();
    await expect(page.getByTestId('comparison-row')).toHaveCount(total);
    await page.reload();
    await expect(page.getByTestId('comparison-row')).toHaveCount(total);
    await screenIsClean(page);

    dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Trotzdem exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

    // The 30-day list: every row's facts, none ending in a lone separator.
    await page.getByRole('button', { name: 'Belege der letzten 30 Tage' }).click();
    const rows = page.locator('.mantine-Accordion-control');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allInnerTexts()) expect(text.trim()).not.toMatch(/·$/);
    await expect(rows.first()).toContainText('1 Position');
  });
});

test.describe('Bestellung', () => {
  const MODULE = 'mde-bestellung';

  test('the EDI answer starts from the module config: the export is one tap, and can still be changed', async ({
    loggedInPage: page,
    db,
  }) => {
    await clearOpenCapture(page, MODULE);
    const header = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, {
      data: { datum: isoDay(3) },
    });
    expect(header.status()).toBe(200);
    const [article] = await demoArticles(db, 1, 70);
    if (!article) throw new Error('demo article missing');
    await page.goto(`/${MODULE}`);
    await headerArrived(page, shownDate(isoDay(3)));
    await captureArticle(page, MODULE, article, '1');

    const counter = tapCounter();
    const dialog = await openExportDialog(page);
    await expect(dialog.getByText('Soll die Bestellung per EDI übertragen werden?')).toBeVisible();
    // Firma 1 asks about EDI and stores no preset: 'Ja, per EDI' is chosen already.
    await expect(dialog.getByRole('radio', { name: 'Ja, per EDI' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Exportieren' })).toBeEnabled();
    await screenIsClean(page);
    // The worker can still change it, and change it back.
    await dialog.getByText('Nein', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Nein' })).toBeChecked();
    await dialog.getByText('Ja, per EDI').click();
    await counter.tap(dialog.getByRole('button', { name: 'Exportieren' }));
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect(counter.taps).toBe(1);
    const docs = await exportedDocuments(db, MODULE);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((d) => d.edi === true)).toBe(true);
  });

  test("a firma preset of 'nein' starts the question at Nein", async ({ loggedInPage: page, db }) => {
    await db.query(
      `insert into module_config (firma_id, module, config_key, config_value)
       values (1, 'mde-bestellung', 'BESTELLUNGEN_EDI_VORBELEGUNG', 'nein')
       on conflict (firma_id, module, config_key) do update set config_value = excluded.config_value`,
    );
    try {
      await clearOpenCapture(page, MODULE);
      await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, { data: { datum: isoDay(3) } });
      const [article] = await demoArticles(db, 1, 71);
      if (!article) throw new Error('demo article missing');
      await page.goto(`/${MODULE}`);
      await headerArrived(page, shownDate(isoDay(3)));
      await captureArticle(page, MODULE, article, '1');
      const dialog = await openExportDialog(page);
      await expect(dialog.getByRole('radio', { name: 'Nein' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Exportieren' }).click();
      await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      expect((await exportedDocuments(db, MODULE)).every((d) => d.edi === false)).toBe(true);
    } finally {
      await db.query(
        `delete from module_config where firma_id = 1 and module = 'mde-bestellung'
           and config_key = 'BESTELLUNGEN_EDI_VORBELEGUNG'`,
      );
    }
  });
});

test.describe('Retoure', () => {
  const MODULE = 'mde-retouren';

  test.beforeEach(async ({ loggedInPage: page }) => {
    await clearOpenCapture(page, MODULE);
    const res = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, {
      data: { belegdatum: null, supplierId: null },
    });
    expect(res.status()).toBe(200);
  });

  test('an article scanned on the header step becomes the first line; supplier rows of 44 px, Weiter in reach', async ({
    loggedInPage: page,
    db,
  }) => {
    const [article] = await demoArticles(db, 1, 80);
    if (!article) throw new Error('demo article missing');
    await page.goto(`/${MODULE}/eingabe-belegdatum`);
    const submit = page.getByRole('button', { name: 'Weiter zur Erfassung' });
    await expect(submit).toBeDisabled();

    // The worker scans the first article before choosing the supplier: it is kept and said so.
    await scannerBurst(page, article.ean13);
    await expect(page.getByTestId('scanned-before-header')).toContainText(
      `${article.number} · ${article.designation1}`,
    );

    // The supplier list: rows a thumb can hit, and the button below it still on the screen.
    const radios = page.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    expect(await radios.count()).toBeGreaterThan(5);
    for (const box of await radios.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    await expect(submit).toBeInViewport();
    await screenIsClean(page);
    const chosen = radios.nth(5);
    await chosen.scrollIntoViewIfNeeded();
    await chosen.click();
    await expect(page.getByTestId('chosen-supplier')).toBeVisible();
    await expect(submit).toBeInViewport();
    await submit.click();

    // Straight to the scanned article: a reason and a quantity, and it is the first line.
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
    await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Rückgabegrund' }).click();
    await page.getByRole('option', { name: 'defekt' }).click();
    await typeQuantity(page, '1');
    await backOnList(page, MODULE);
    await expect(page.getByTestId('capture-line')).toHaveCount(1);
    await expect(page.getByTestId('capture-line')).toContainText(article.designation1);
  });

  test('a scanned supplier number picks the supplier at once', async ({ loggedInPage: page, db }) => {
    const [supplier] = await db.query<{ number: string; name: string }>(
      'select number, name from supplier where firma_id = 1 order by id limit 1 offset 3',
    );
    if (!supplier) throw new Error('demo supplier missing');
    await page.goto(`/${MODULE}/eingabe-belegdatum`);
    await expect(page.getByRole('radio').first()).toBeVisible();
    await scannerBurst(page, supplier.number);
    await expect(page.getByTestId('chosen-supplier')).toHaveText(`Lieferant: ${supplier.name}`);
    await expect(page.getByRole('button', { name: 'Weiter zur Erfassung' })).toBeEnabled();
  });
});
