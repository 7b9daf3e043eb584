import { expect, loginViaApi, test } from '../fixtures';

// Store walkthrough: a worker follows a link or a bookmark to a module their user may not use. Sending them to
// the overview without a word leaves them guessing; the overview says why they are there.

test('a module without permission says it is not enabled for the user', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginViaApi(page, 'filiale');
  await page.goto('/mde-bestellung');
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByText('Das Modul „Bestellung“ ist für Ihren Benutzer nicht freigeschaltet');
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();

  // within the app too: a permitted module opens without such a message
  await page.goto('/mde-inventur');
  await expect(page).toHaveURL(/\/mde-inventur/);
  await expect(page.getByText('ist für Ihren Benutzer nicht freigeschaltet')).toHaveCount(0);
});
