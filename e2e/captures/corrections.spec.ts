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
  quantityField,
  scannerBurst,
} from '../support/capture-page';
import { expectNoSeriousAxe } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// Corrections on the handheld at 360 x 740 px: a count corrected is replaced, never appended to; a form the save
// refused takes no more keys until the worker acts on it, and a scan meanwhile waits for it.

const STOCK = 'mde-artikelvorrat';
const RETURNS = 'mde-retouren';
const VIEWPORT = { width: 360, height: 740 };
/** A person's pace on a hardware keypad (slower than a scanner's burst). */
const PERSON = { delay: 120 };
const REASON_REQUIRED = 'Bitte wählen Sie einen Rückgabegrund';

const lineOf = (page: Page, a: DemoArticle) => captureLines(page).filter({ hasText: a.designation1 });

test.beforeEach(async ({ loggedInPage: page }) => {
  await page.setViewportSize(VIEWPORT);
});

test('a line tapped for a correction: its count is selected, 9 typed saves 9, not 19', async ({
  loggedInPage: page,
  db,
}) => {
  const [a] = await demoArticles(db, 1, 50);
  if (!a) throw new Error('demo article missing');
  await clearOpenCapture(page, STOCK);
  await page.goto(`/${STOCK}`);
  await captureArticle(page, STOCK, a, '1');
  const quantity = lineOf(page, a).getByTestId('line-quantity');
  await expect(quantity).toHaveText(/^1 /);

  await quantity.tap();
  await expect(page).toHaveURL(new RegExp(`/${STOCK}/artikel-erfassen/${a.id}$`));
  const field = quantityField(page);
  await expect(field).toHaveValue('1');
  await expect(field).toBeFocused();
  // The old count is selected: the next key replaces it.
  await expect
    .poll(() => field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]))
    .toEqual([0, 1]);
  await expectNoSeriousAxe(page);
  await readmeScreen(page, 'capture-correction');
  await page.keyboard.type('9', PERSON);
  await expect(field).toHaveValue('9');
  await page.keyboard.press('Enter');
  await backOnList(page, STOCK);
  await expect(captureLines(page)).toHaveCount(1);
  await expect(quantity).toHaveText(/^9 /);
});

test('a Retoure line refused for its reason takes no digits; a scan then waits for it and opens after the save', async ({
  loggedInPage: page,
  db,
}) => {
  const [a, b] = await demoArticles(db, 2, 52);
  if (!a || !b) throw new Error('demo articles missing');
  await clearOpenCapture(page, RETURNS);
  const [supplier] = await db.query<{ id: number; name: string }>('select id, name from supplier order by id limit 1');
  const res = await page.request.put(`/api/v1/captures/${moduleKey(RETURNS)}/header`, {
    data: { belegdatum: isoDay(0), supplierId: supplier?.id ?? null },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/${RETURNS}`);
  await headerArrived(page, supplier?.name ?? 'missing');

  // The first line of a Retoure has no reason yet: Enter is refused.
  await scannerBurst(page, a.ean13);
  await expect(page).toHaveURL(new RegExp(`/${RETURNS}/artikel-erfassen/${a.id}$`));
  await expect(quantityField(page)).toBeFocused();
  await page.keyboard.type('4', PERSON);
  await page.keyboard.press('Enter');
  const refusal = page.getByRole('alert').filter({ hasText: REASON_REQUIRED });
  await expect(refusal).toHaveCount(1);

  // The next article's scan, then a digit meant for it: the scan waits and says what is missing, the 4 stays 4,
  // and the refusal is said once, not stacked over the header. The worker's pause between the refused Enter and
  // the next scan: keys that close on the Enter would be read as one burst with it.
  await page.waitForTimeout(300);
  await scannerBurst(page, b.ean13);
  await page.keyboard.type('2', PERSON);
  await expect(quantityField(page)).toHaveValue('4');
  await expect(page).toHaveURL(new RegExp(`/${RETURNS}/artikel-erfassen/${a.id}$`));
  await expect(refusal).toHaveCount(1);
  await expect(page.getByTestId('scan-held')).toContainText(REASON_REQUIRED);
  await expectNoSeriousAxe(page);
  await readmeScreen(page, 'capture-refused-scan-held');

  // The worker acts on the refusal: the reason, then Enter saves a with 4 and the held scan opens b.
  await page.getByRole('combobox', { name: 'Rückgabegrund' }).click();
  await page.getByRole('option', { name: 'defekt' }).click();
  await quantityField(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${RETURNS}/artikel-erfassen/${b.id}$`));
  await expect(page.getByRole('heading', { name: b.designation1 })).toBeVisible();
  await expect(quantityField(page)).toBeFocused();
  await expectNoSeriousAxe(page);
  await page.keyboard.type('2', PERSON);
  await page.keyboard.press('Enter');
  await backOnList(page, RETURNS);
  await expect(captureLines(page)).toHaveCount(2);
  await expect(lineOf(page, a).getByTestId('line-quantity')).toHaveText(/^4 /);
  await expect(lineOf(page, a)).toContainText('Grund: defekt');
  await expect(lineOf(page, b).getByTestId('line-quantity')).toHaveText(/^2 /);
});
