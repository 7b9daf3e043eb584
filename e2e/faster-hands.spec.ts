import { expect, test } from './fixtures';
import { backOnList, captureLines, clearOpenCapture, demoArticles, scannerBurst } from './support/capture-page';

// Faster hands: after a scan the count is typed on the device's hardware keypad, no tap on a field first.

const MODULE = 'mde-artikelvorrat';
/** A person's pace on a hardware keypad (slower than a scanner's burst). */
const PERSON = { delay: 120 };

test('after a scan the quantity is typed on the hardware keypad without a tap, Enter saves', async ({
  loggedInPage: page,
  db,
}) => {
  const [a] = await demoArticles(db, 1, 7);
  if (!a) throw new Error('demo articles missing');
  await clearOpenCapture(page, MODULE);
  await page.goto(`/${MODULE}`);
  await expect(page.getByTestId('line-count')).toHaveText('0 Positionen');

  await scannerBurst(page, a.ean13);
  await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${a.id}$`));
  await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
  const quantity = page.getByLabel('Menge', { exact: true });
  await expect(quantity).toBeFocused();
  await page.keyboard.type('12', PERSON);
  await page.keyboard.press('Backspace', PERSON);
  await page.keyboard.type('3', PERSON);
  await expect(quantity).toHaveValue('13');
  await page.waitForTimeout(PERSON.delay);
  await page.keyboard.press('Enter');
  await backOnList(page, MODULE);
  await expect(captureLines(page)).toHaveCount(1);
  await expect(captureLines(page).first().getByTestId('line-quantity')).toHaveText(/^13 /);
});

test('the gift-card amount takes the hardware keypad too', async ({ loggedInPage: page }) => {
  await page.goto('/gutscheinkarten');
  await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('GC-1000-0001');
  await page.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?/);
  await page.getByRole('button', { name: 'Aufladen', exact: true }).click();
  await expect(page).toHaveURL(/\/gutscheinkarten\/charge\?/);
  const amount = page.getByTestId('gift-card-amount');
  await expect(amount).toBeVisible();
  for (const key of ['2', '0', '0', '9', 'Backspace', '0']) await page.keyboard.press(key, PERSON);
  await expect(amount).toHaveText(/^20,00\s€$/);
  // A scan on this screen is not an amount: its first key (which reaches the page before the burst is known
  // to be a scan) is taken back out of the amount.
  await scannerBurst(page, '4006381333931');
  await expect(page.getByRole('alert').filter({ hasText: 'Scan hier nicht möglich' })).toBeVisible();
  await expect(amount).toHaveText(/^20,00\s€$/);
  await page.waitForTimeout(PERSON.delay);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Aufladung bestätigen' })).toContainText('20,00');
});
