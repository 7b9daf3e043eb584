import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  backOnList,
  captureArticle,
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  headerArrived,
  isoDay,
  moduleKey,
  openExportDialog,
  quantityField,
  scannerBurst,
  serverLines,
  typeQuantity,
} from '../support/capture-page';
import { expectNoSeriousAxe } from '../support/layout-check';
import { unknownEans } from '../support/offline-device';

// A shift at 360 x 740 px on the capture list and the capture form: what costs a worker taps, retyping or doubt.
// Counted here: the taps a line needs, the digits that land where they belong, and that "Scannen" stays in reach.

const STOCK = 'mde-artikelvorrat';
const RETURNS = 'mde-retouren';
const VIEWPORT = { width: 360, height: 740 };

/** Counts the taps (pointer presses) from now on; the page is a single-page app, so the count survives routes. */
async function tapCounter(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __taps: number };
    if (w.__taps === undefined) window.addEventListener('pointerdown', () => w.__taps++, true);
    w.__taps = 0;
  });
  return () => page.evaluate(() => (window as unknown as { __taps: number }).__taps);
}

async function openForm(page: Page, module: string, article: DemoArticle) {
  await scannerBurst(page, article.ean13);
  await expect(page).toHaveURL(new RegExp(`/${module}/artikel-erfassen/${article.id}$`));
  await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible();
  await expect(quantityField(page)).toBeFocused();
}

test.describe('A shift on the capture list and form at 360 px', () => {
  test.beforeEach(async ({ loggedInPage: page }) => {
    await page.setViewportSize(VIEWPORT);
  });

  test('"Letzten Scan rückgängig" waits for a scan to undo', async ({ loggedInPage: page, db }) => {
    const [a] = await demoArticles(db, 1, 30);
    if (!a) throw new Error('demo article missing');
    await clearOpenCapture(page, STOCK);
    await page.goto(`/${STOCK}`);
    await expect(page.getByTestId('line-count')).toHaveText('0 Positionen');
    const undo = page.getByRole('button', { name: 'Letzten Scan rückgängig' });
    await expect(undo).toBeDisabled();
    await expectNoSeriousAxe(page);
    await captureArticle(page, STOCK, a, '2');
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect(captureLines(page)).toHaveCount(0);
    await expect(undo).toBeDisabled();
  });

  test('an article counted twice: the quantity first, the add-or-replace question on Enter, add is one key', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a] = await demoArticles(db, 1, 31);
    if (!a) throw new Error('demo article missing');
    await clearOpenCapture(page, STOCK);
    await page.goto(`/${STOCK}`);
    await captureArticle(page, STOCK, a, '3');

    // Back store: the same article again. The worker types the count at once, as for any article.
    await openForm(page, STOCK, a);
    const dialog = page.getByRole('dialog', { name: 'Artikel bereits erfasst' });
    // Online, the form's facts are not "from the device because the server is unreachable".
    await expect(page.getByText('Offline: Angaben aus dem Gerätespeicher')).toHaveCount(0);
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
    const taps = await tapCounter(page);
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText(`${a.designation1} ist bereits mit 3 `);
    await expect(dialog.getByRole('button', { name: 'Hinzufügen' })).toBeFocused();
    await expectNoSeriousAxe(page);
    await page.keyboard.press('Enter');
    await backOnList(page, STOCK);
    await expect(captureLines(page).getByTestId('line-quantity')).toHaveText(/^7 /);
    await expect.poll(async () => (await serverLines(db, STOCK)).map((l) => l.quantity)).toEqual([7]);
    expect(await taps()).toBe(0);

    // The typed count is kept when the worker cancels: Enter asks again and "Ersetzen" takes it.
    await openForm(page, STOCK, a);
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(quantityField(page)).toHaveValue('5');
    await quantityField(page).press('Enter');
    await dialog.getByRole('button', { name: 'Ersetzen' }).click();
    await backOnList(page, STOCK);
    await expect(captureLines(page).getByTestId('line-quantity')).toHaveText(/^5 /);
  });

  test('digits typed after a refused scan never join the quantity of the article before', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a] = await demoArticles(db, 1, 32);
    const [unknown] = await unknownEans(db, 1);
    if (!a || !unknown) throw new Error('demo data missing');
    await clearOpenCapture(page, STOCK);
    await page.goto(`/${STOCK}`);
    await openForm(page, STOCK, a);
    await page.keyboard.type('4');
    // A person types, then pulls the trigger: not within the scanner's key interval.
    await page.waitForTimeout(300);
    // The next article's code is unknown: the scan is refused, the form stays on a.
    await scannerBurst(page, unknown);
    await expect(page.getByText(`Der Code ${unknown} ist unbekannt.`)).toBeVisible();
    await page.keyboard.type('2');
    await expect(quantityField(page)).toHaveValue('4');
    // Not lost in silence: the form says where the quantity belongs and that the digit was not taken.
    const held = page.getByTestId('quantity-held');
    await expect(held).toContainText(a.designation1);
    await expect(held).toContainText('4');
    await expectNoSeriousAxe(page);
    // Enter stores a with its own count.
    await page.keyboard.press('Enter');
    await backOnList(page, STOCK);
    await expect(captureLines(page).getByTestId('line-quantity')).toHaveText(/^4 /);

    // A tap on the field means the worker wants to change a's count: then digits are taken again.
    await openForm(page, STOCK, a);
    await page.keyboard.type('1');
    await page.waitForTimeout(300);
    await scannerBurst(page, unknown);
    await expect(held).toBeVisible();
    await page.keyboard.type('9');
    await expect(quantityField(page)).toHaveValue('1');
    await quantityField(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type('0');
    await expect(quantityField(page)).toHaveValue('10');
    await expect(held).toHaveCount(0);
  });

  test('Retoure: the reason last chosen is preselected for the next line, also after a reload', async ({
    loggedInPage: page,
    db,
  }) => {
    const [a, b, c] = await demoArticles(db, 3, 33);
    if (!a || !b || !c) throw new Error('demo articles missing');
    await clearOpenCapture(page, RETURNS);
    const [supplier] = await db.query<{ id: number; name: string }>(
      'select id, name from supplier order by id limit 1',
    );
    const res = await page.request.put(`/api/v1/captures/${moduleKey(RETURNS)}/header`, {
      data: { belegdatum: isoDay(0), supplierId: supplier?.id ?? null },
    });
    expect(res.status()).toBe(200);
    await page.goto(`/${RETURNS}`);
    await headerArrived(page, supplier?.name ?? 'missing');

    // The first line of a Retoure asks for its reason.
    await openForm(page, RETURNS, a);
    const reason = page.getByRole('combobox', { name: 'Rückgabegrund' });
    await expect(reason).toHaveValue('');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte wählen Sie einen Rückgabegrund' })).toBeVisible();
    await reason.click();
    await page.getByRole('option', { name: 'MHD abgelaufen' }).click();
    await typeQuantity(page, '1');
    await backOnList(page, RETURNS);

    // The next line: scan, quantity, Enter. No tap.
    const taps = await tapCounter(page);
    await openForm(page, RETURNS, b);
    await expect(reason).toHaveValue('MHD abgelaufen');
    await expectNoSeriousAxe(page);
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await backOnList(page, RETURNS);
    expect(await taps()).toBe(0);
    await expect(captureLines(page).filter({ hasText: b.designation1 })).toContainText('Grund: MHD abgelaufen');

    // Remembered across a reload of the app for this Retoure.
    await page.reload();
    await expect(captureLines(page)).toHaveCount(2);
    await openForm(page, RETURNS, c);
    await expect(reason).toHaveValue('MHD abgelaufen');
  });

  test('an old export result is one line under the actions; a fresh one is seen at once', async ({
    loggedInPage: page,
    db,
  }) => {
    const articles = await demoArticles(db, 7, 40);
    if (articles.length < 7) throw new Error('demo articles missing');
    await clearOpenCapture(page, STOCK);
    await page.goto(`/${STOCK}`);
    for (const article of articles.slice(0, 6)) await captureArticle(page, STOCK, article, '1');
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const result = page.getByTestId('export-result');
    await expect(result).toHaveAttribute('data-state', 'done');
    // Fresh: the document number and the report show at once.
    await expect(result.getByTestId('document-numbers')).toBeVisible();
    await expect(result.getByTestId('reorder-report')).toBeVisible();

    // The shift goes on: the next line makes the result old. One line, and "Scannen" stays on the first screen.
    const next = articles[6] as DemoArticle;
    await captureArticle(page, STOCK, next, '1');
    await expect(result.getByTestId('document-numbers')).toBeVisible();
    await expect(result.getByTestId('reorder-report')).toHaveCount(0);
    const scan = page.getByRole('button', { name: 'Scannen', exact: true });
    const box = await scan.boundingBox();
    expect(box ? box.y + box.height : Number.POSITIVE_INFINITY).toBeLessThanOrEqual(VIEWPORT.height);
    const firstLine = await captureLines(page).first().boundingBox();
    expect(firstLine?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(VIEWPORT.height);
    await expectNoSeriousAxe(page);

    // The worker can still open it.
    await result.getByRole('button', { name: 'Details anzeigen' }).click();
    await expect(result.getByTestId('reorder-report')).toBeVisible();
  });
});
