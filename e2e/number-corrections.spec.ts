import { expect, test } from './fixtures';
import { seriousAxeViolations } from './support/layout-check';

// A number opened for a correction is replaced by what is typed, never appended to (at 360 x 740 px, by touch):
// the gift-card amount after a cancelled confirmation, a module setting's number in the administration.

const VIEWPORT = { width: 360, height: 740 };
/** A person's pace on a hardware keypad. */
const PERSON = { delay: 120 };

test.beforeEach(async ({ loggedInPage: page }) => {
  await page.setViewportSize(VIEWPORT);
});

test('a gift-card amount corrected after the confirmation was cancelled: 15,00 €, not 20.001,50 €', async ({
  loggedInPage: page,
}) => {
  await page.goto('/gutscheinkarten');
  await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('GC-1000-0001');
  await page.getByRole('button', { name: 'Guthaben prüfen' }).tap();
  await page.getByRole('button', { name: 'Aufladen', exact: true }).tap();
  await expect(page).toHaveURL(/\/gutscheinkarten\/charge\?/);
  const amount = page.getByTestId('gift-card-amount');
  const keypad = page.getByRole('group', { name: 'Betrag eingeben' });
  for (const key of ['2', '0', '00']) await keypad.getByRole('button', { name: key, exact: true }).tap();
  await expect(amount).toHaveText(/^20,00\s€$/);
  await page.getByRole('button', { name: 'Weiter', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'Aufladung bestätigen' });
  await expect(dialog).toContainText('20,00');
  await dialog.getByRole('button', { name: 'Abbrechen' }).tap();
  await expect(dialog).toHaveCount(0);
  // The amount is shown selected: the next key starts the new amount.
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const key of ['1', '5', '00']) await keypad.getByRole('button', { name: key, exact: true }).tap();
  await expect(amount).toHaveText(/^15,00\s€$/);
  await page.keyboard.press('Backspace', PERSON);
  await expect(amount).toHaveText(/^1,50\s€$/);
});

test("a module setting's number tapped for a correction: its old value is selected, 7 typed is 7", async ({
  loggedInPage: page,
}) => {
  await page.goto('/admin/module-settings');
  const card = page.getByRole('region', { name: 'Warenverprobung' });
  const amount = card.getByLabel('Toleranz als Menge');
  await expect(amount).toHaveValue('0');
  await amount.tap();
  await expect(amount).toBeFocused();
  await page.keyboard.type('7', PERSON);
  await expect(amount).toHaveValue('7');
  expect(await seriousAxeViolations(page)).toEqual([]);
  // A second tap inside the focused field places the caret: the worker edits within the number.
  await amount.tap();
  await page.keyboard.press('End');
  await page.keyboard.type('5', PERSON);
  await expect(amount).toHaveValue('75');
});
