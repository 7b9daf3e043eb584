import { expect, test } from '../fixtures';
import { isoDay, shownDate } from '../support/capture-page';

// Store walkthrough: date fields read and show dd.MM.yy like every other date of the app, not the browser's
// own date control in its locale format.

test.use({ viewport: { width: 360, height: 740 } });

test('the Liefertermin field takes dd.MM.yy, the number pad form, and refuses a day that does not exist', async ({
  loggedInPage: page,
}) => {
  await page.goto('/mde-bestellvorschlag/liefertermin');
  const field = page.getByLabel('Liefertermin');
  await expect(field).not.toHaveAttribute('type', 'date');
  await expect(field).toHaveAttribute('placeholder', 'TT.MM.JJ');

  await field.fill('31.02.27');
  await field.blur();
  await expect(page.getByText('Bitte ein Datum wie 26.11.26 eingeben')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter zur Erfassung' })).toBeDisabled();

  const datum = isoDay(4);
  const digits = shownDate(datum).replaceAll('.', '');
  await field.fill(digits);
  await field.blur();
  await expect(field).toHaveValue(shownDate(datum));
  await expect(page.getByText('Bitte ein Datum wie 26.11.26 eingeben')).toHaveCount(0);
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-bestellvorschlag$/);
  await expect(page.getByTestId('capture-header')).toContainText(`Liefertermin: ${shownDate(datum)}`);
});

test("the gift-card day's date shows as dd.MM.yy", async ({ loggedInPage: page }) => {
  await page.goto('/gutscheinkarten/daily-balance');
  await expect(page.getByLabel('Datum')).toHaveValue(/^\d{2}\.\d{2}\.\d{2}$/);
});
