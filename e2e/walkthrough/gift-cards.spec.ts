import { expect, test } from '../fixtures';
import { scannerBurst } from '../support/capture-page';
import { recordFlashes } from '../support/scanner-page';

// Store walkthrough, Gutscheinkarte: what a worker meets at the till with a handheld scanner.

const BLOCKED = 'GC-1000-0099'; // DEMO_GIFT_CARDS.firma1Blocked of the server seed
const PROMOTION = 'AK-1000-0001'; // DEMO_GIFT_CARDS.firma1Promotion: type AKTION (Aktionsgutschein), not chargeable
const VALID = 'GC-1000-0001';

test.describe('Gutscheinkarte im Laden', () => {
  test("a blocked card is an error with the reason 'Karte gesperrt', never the success signal", async ({
    loggedInPage: page,
  }) => {
    await page.goto('/gutscheinkarten');
    await expect(page.getByRole('combobox', { name: 'Kartentyp' })).toHaveValue('Gutscheinkarte');
    const flashes = await recordFlashes(page);
    await scannerBurst(page, BLOCKED, 0);
    await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?/);
    await expect(page.getByText('Karte gesperrt', { exact: true })).toBeVisible();
    await expect.poll(flashes).toEqual(['error']);
    await expect(page.getByRole('button', { name: 'Einlösen' })).toBeDisabled();
  });

  test('a promotion voucher (Aktionsgutschein) is never offered for charging', async ({ loggedInPage: page }) => {
    await page.goto('/gutscheinkarten');
    await page.getByRole('combobox', { name: 'Kartentyp' }).click();
    await page.getByRole('option', { name: 'Aktionsgutschein' }).click();
    await expect(page.getByRole('button', { name: 'Neue Karte aufladen' })).toHaveCount(0);
    await scannerBurst(page, PROMOTION, 0);
    await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?type=AKTION/);
    await expect(page.getByTestId('gift-card-balance')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Einlösen' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Aufladen' })).toHaveCount(0);
    // the charge screen reached by URL (a bookmark, the back button) refuses before any amount is typed
    await page.goto(`/gutscheinkarten/charge?type=AKTION&code=${PROMOTION}`);
    await expect(page.getByText('Dieser Kartentyp kann nicht aufgeladen werden')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weiter' })).toHaveCount(0);
  });

  test("the next scan clears a stale 'Ungültiger Gutscheincode'", async ({ loggedInPage: page }) => {
    await page.goto('/gutscheinkarten');
    await scannerBurst(page, 'GC-0000-0000', 0);
    await expect(page.getByText('Ungültiger Gutscheincode').first()).toBeVisible();
    await scannerBurst(page, VALID, 0);
    await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?/);
    await expect(page.getByTestId('gift-card-balance')).toBeVisible();
    // well before the message's own 8 s are over
    await expect(page.getByText('Ungültiger Gutscheincode')).toHaveCount(0, { timeout: 2_000 });
  });
});
