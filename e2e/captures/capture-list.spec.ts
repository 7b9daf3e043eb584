import type { Page } from '@playwright/test';
import { type Db, expect, test } from '../fixtures';
import {
  backOnList,
  captureArticle,
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  scannerBurst,
  serverLines,
  typeQuantity,
} from '../support/capture-page';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// The capture engine's shared list behaviour, on the Artikelvorrat list (no header, no
// storage location in firma 1): add or replace, edit, delete with undo, undo last scan, quick mode, continuous
// capture, open codes resolved by search, a quantity field that neither wheel nor arrow keys change.

const MODULE = 'mde-artikelvorrat';
const LIST = /\/mde-artikelvorrat$/;

const line = (page: Page, article: DemoArticle) => captureLines(page).filter({ hasText: article.designation1 });
const lineQuantity = (page: Page, article: DemoArticle) => line(page, article).getByTestId('line-quantity');

/** The server's lines as [article, quantity] (checked in the database). */
const dbLines = async (db: Db) => (await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity]);

const capture = (page: Page, article: DemoArticle, quantity: string) => captureArticle(page, MODULE, article, quantity);

/** EAN-13 with its check digit. */
function ean13(first12: string) {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

test.describe('Capture list', () => {
  let a: DemoArticle;
  let b: DemoArticle;
  test.beforeEach(async ({ loggedInPage: page, db }) => {
    [a, b] = (await demoArticles(db, 2, 5)) as [DemoArticle, DemoArticle];
    if (!a || !b) throw new Error('demo articles missing');
    await clearOpenCapture(page, MODULE);
    await page.goto('/mde-artikelvorrat');
    await expect(page.getByTestId('line-count')).toHaveText('0 Positionen');
  });

  test('an article already on the list: Hinzufügen sums, Ersetzen replaces', async ({ loggedInPage: page, db }) => {
    await capture(page, a, '3');
    // The quantity first, as for any article; the question comes with Enter.
    await scannerBurst(page, a.ean13);
    await typeQuantity(page, '4');
    const dialog = page.getByRole('dialog', { name: 'Artikel bereits erfasst' });
    await expect(dialog).toContainText(`${a.designation1} ist bereits mit 3 `);
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(LIST);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(lineQuantity(page, a)).toHaveText(/^7 /);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 7]]);

    await scannerBurst(page, a.ean13);
    await typeQuantity(page, '2');
    await expect(dialog).toContainText(`${a.designation1} ist bereits mit 7 `);
    await dialog.getByRole('button', { name: 'Ersetzen' }).click();
    await expect(page).toHaveURL(LIST);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(lineQuantity(page, a)).toHaveText(/^2 /);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 2]]);
  });

  test('tap a line to edit it', async ({ loggedInPage: page, db }) => {
    await capture(page, a, '3');
    await capture(page, b, '5');
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 3],
        [b.id, 5],
      ]);
    const [before] = await serverLines(db, MODULE);

    // Editing changes the same line: no add-or-replace question, no second line.
    await line(page, a).getByText(a.designation1).click();
    await expect(page).toHaveURL(new RegExp(`/mde-artikelvorrat/artikel-erfassen/${a.id}$`));
    await expect(page.getByLabel('Menge', { exact: true })).toHaveValue('3');
    await typeQuantity(page, '8');
    await expect(page).toHaveURL(LIST);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(captureLines(page)).toHaveCount(2);
    await expect(lineQuantity(page, a)).toHaveText(/^8 /);
    await expect
      .poll(() => serverLines(db, MODULE))
      .toEqual([
        expect.objectContaining({ client_id: before?.client_id, article_id: a.id, quantity: 8 }),
        expect.objectContaining({ article_id: b.id, quantity: 5 }),
      ]);
  });

  test("delete while offline, 'Rückgängig' brings the line back; a delete without undo reaches the server", async ({
    loggedInPage: page,
    db,
  }) => {
    await capture(page, a, '3');
    await capture(page, b, '5');
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 3],
        [b.id, 5],
      ]);
    await page.context().setOffline(true);
    await line(page, b).getByRole('button', { name: 'Position löschen' }).click();
    await expect(line(page, b)).toHaveCount(0);
    await expect(page.getByTestId('line-count')).toHaveText('1 Position');
    const notice = page.getByRole('alert').filter({ hasText: 'Die Position wurde gelöscht' });
    await notice.getByRole('button', { name: 'Rückgängig' }).click();
    await expect(lineQuantity(page, b)).toHaveText(/^5 /);
    await expect(page.getByTestId('line-count')).toHaveText('2 Positionen');
    await page.context().setOffline(false);

    await line(page, a).getByRole('button', { name: 'Position löschen' }).click();
    await expect(captureLines(page)).toHaveCount(1);
    await expect.poll(() => dbLines(db)).toEqual([[b.id, 5]]);
  });

  // The delete is confirmed (and gone from the device) long before the 8-second notice closes.
  test("delete, and 'Rückgängig' after the delete reached the server brings the line back", async ({
    loggedInPage: page,
    db,
  }) => {
    await capture(page, a, '3');
    await capture(page, b, '5');
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 3],
        [b.id, 5],
      ]);
    await line(page, b).getByRole('button', { name: 'Position löschen' }).click();
    await expect(line(page, b)).toHaveCount(0);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 3]]);
    const notice = page.getByRole('alert').filter({ hasText: 'Die Position wurde gelöscht' });
    await notice.getByRole('button', { name: 'Rückgängig' }).click();
    await expect(lineQuantity(page, b)).toHaveText(/^5 /);
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 3],
        [b.id, 5],
      ]);
  });

  test("'Letzten Scan rückgängig' removes a new line and restores a changed one", async ({
    loggedInPage: page,
    db,
  }) => {
    await capture(page, a, '2');
    await capture(page, b, '4');
    const undo = page.getByRole('button', { name: 'Letzten Scan rückgängig' });
    await undo.click();
    await expect(page.getByText('Der letzte Scan wurde rückgängig gemacht')).toBeVisible();
    await expect(captureLines(page)).toHaveCount(1);
    await expect(line(page, b)).toHaveCount(0);

    await scannerBurst(page, a.ean13);
    await typeQuantity(page, '3');
    await page
      .getByRole('dialog', { name: 'Artikel bereits erfasst' })
      .getByRole('button', { name: 'Hinzufügen' })
      .click();
    await expect(lineQuantity(page, a)).toHaveText(/^5 /);
    await undo.click();
    await expect(lineQuantity(page, a)).toHaveText(/^2 /);
    await expect(captureLines(page)).toHaveCount(1);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 2]]);
  });

  test('quick mode: ten fast scans of one article give exactly 10', async ({ loggedInPage: page, db }) => {
    // Two EANs of the same article, alternating: the same code twice within 100 ms would be one trigger
    // pull giving two outputs, which the scanner's dedupe window drops on purpose.
    const codes = await db.query<{ gtin14: string }>(
      `select gtin14 from article_code where article_id = 1 and code_type = 'ean13' and factor = 1 order by gtin14`,
    );
    expect(codes).toHaveLength(2);
    const [milk] = await db.query<{ designation1: string }>('select designation1 from article where id = 1');
    const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
    await quick.click();
    await expect(quick).toBeChecked();
    for (let i = 0; i < 10; i++) {
      await scannerBurst(page, codes[i % 2]?.gtin14.slice(1) ?? '', (i * 7) % 31);
    }
    await expect(page).toHaveURL(LIST);
    await expect(captureLines(page)).toHaveCount(1);
    const milkLine = captureLines(page).filter({ hasText: milk?.designation1 ?? 'missing' });
    await expect(milkLine.getByTestId('line-quantity')).toHaveText(/^10 Stück/);
    await expect.poll(() => dbLines(db)).toEqual([[1, 10]]);
    // And it is counted once more after a pause, not lost in a batch.
    await page.waitForTimeout(500);
    await expect.poll(() => dbLines(db)).toEqual([[1, 10]]);
  });

  test("'Weiter scannen': the next scan opens the next article on the same screen", async ({
    loggedInPage: page,
    db,
  }) => {
    await scannerBurst(page, a.ean13);
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    await page.getByLabel('Menge', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Weiter scannen' }).click();
    const next = page.getByTestId('next-scan');
    await expect(next).toContainText('Nächsten Artikel scannen');
    await expect(page).toHaveURL(new RegExp(`/artikel-erfassen/${a.id}$`));

    await scannerBurst(page, b.ean13);
    await expect(page).toHaveURL(new RegExp(`/mde-artikelvorrat/artikel-erfassen/${b.id}$`));
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    // Enter keeps capturing continuously.
    await typeQuantity(page, '3');
    await expect(next).toBeVisible();
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 2],
        [b.id, 3],
      ]);
    await next.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(LIST);
    await expect(captureLines(page)).toHaveCount(2);
  });

  test("an unknown code goes to 'Offene Codes' and is resolved by search", async ({ loggedInPage: page, db }) => {
    let unknown = '';
    for (let n = 0; !unknown; n++) {
      const code = ean13(`4099${String(123456 + n).padStart(8, '0')}`);
      const known = await db.query('select 1 from article_code where gtin14 = $1', [`0${code}`]);
      if (known.length === 0) unknown = code;
    }
    await scannerBurst(page, unknown);
    await expect(page).toHaveURL(LIST);
    const open = page.getByLabel('Offene Codes');
    await expect(open.getByTestId('unresolved-code')).toHaveCount(1);
    await expect(open.getByTestId('unresolved-code')).toContainText(unknown);
    await expect(captureLines(page)).toHaveCount(0);

    await open.getByRole('button', { name: 'Per Suche zuordnen' }).click();
    await expect(page).toHaveURL(/\/mde-artikelvorrat\/artikel-erfassen\/suche\?/);
    await expect(page.getByText(`Code ${unknown} zuordnen`)).toBeVisible();
    const search = page.getByLabel('Suche nach Text, Artikelnummer oder EAN');
    await expect(search).toHaveValue(unknown);
    await expect(page.getByText('Kein Artikel gefunden')).toBeVisible();
    await search.fill(a.number);
    await page.getByTestId('search-hit').filter({ hasText: a.designation1 }).click();
    await expect(page).toHaveURL(new RegExp(`/mde-artikelvorrat/artikel-erfassen/${a.id}$`));
    await typeQuantity(page, '6');
    await expect(page).toHaveURL(LIST);
    await expect(lineQuantity(page, a)).toHaveText(/^6 /);
    await expect(page.getByLabel('Offene Codes')).toHaveCount(0);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 6]]);
  });

  test('a scan right after Enter on the capture screen saves that entry once and opens the next article', async ({
    loggedInPage: page,
    db,
  }) => {
    await scannerBurst(page, a.ean13);
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    await page.getByLabel('Menge', { exact: true }).fill('3');
    await page.getByLabel('Menge', { exact: true }).press('Enter');
    await scannerBurst(page, b.ean13, 0);
    await expect(page).toHaveURL(new RegExp(`/mde-artikelvorrat/artikel-erfassen/${b.id}$`));
    await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await typeQuantity(page, '4');
    await backOnList(page, MODULE);
    await expect(captureLines(page)).toHaveCount(2);
    await expect(lineQuantity(page, a)).toHaveText(/^3 /);
    await expect
      .poll(() => dbLines(db))
      .toEqual([
        [a.id, 3],
        [b.id, 4],
      ]);
  });

  test('the quantity field ignores the mouse wheel and the arrow keys', async ({ loggedInPage: page, db }) => {
    await scannerBurst(page, a.ean13);
    const quantity = page.getByLabel('Menge', { exact: true });
    await quantity.fill('5');
    await quantity.hover();
    await page.mouse.wheel(0, -300);
    await page.mouse.wheel(0, 300);
    await expect(quantity).toHaveValue('5');
    await quantity.focus();
    await quantity.press('ArrowUp');
    await quantity.press('ArrowUp');
    await quantity.press('ArrowDown');
    await expect(quantity).toHaveValue('5');
    await quantity.press('Enter');
    await expect(page).toHaveURL(LIST);
    await expect(lineQuantity(page, a)).toHaveText(/^5 /);
    await expect.poll(() => dbLines(db)).toEqual([[a.id, 5]]);
  });
});
