import type { Page } from '@playwright/test';
import { expect, loginViaApi, test } from './fixtures';

// Geo position (docs/spec.md §3, §9): the device's position taken once, 20 s at most, high accuracy, shown with its
// fields and an OpenStreetMap link; a denied or timed-out lookup says so and holds nothing up.

async function takePosition(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Standort' });
  await section.getByRole('button', { name: 'Standort bestimmen' }).click();
  return section;
}

test.describe('Standort', () => {
  test('granted: the fields and the map link', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 12 });
    await loginViaApi(page, 'filiale');
    const section = await takePosition(page);
    const table = section.getByTestId('geo-position');
    await expect(table.getByRole('row', { name: /Breite/ }).first()).toContainText('52,52°');
    await expect(table.getByRole('row', { name: /^Länge/ })).toContainText('13,405°');
    await expect(table.getByRole('row', { name: /^Genauigkeit\b(?! der)/ })).toContainText('12 m');
    await expect(section.getByRole('link', { name: 'Auf der Karte zeigen (OpenStreetMap)' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=52.520000&mlon=13.405000#map=18/52.520000/13.405000',
    );
  });

  test('denied: says so, and the page goes on working', async ({ page, context }) => {
    await context.clearPermissions();
    await loginViaApi(page, 'filiale');
    const section = await takePosition(page);
    await expect(section.getByRole('status')).toHaveText('Der Standort wurde nicht freigegeben.');
    await expect(section.getByRole('button', { name: 'Standort bestimmen' })).toBeEnabled();
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: 'Übersicht', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('timed out: asked with high accuracy and 20 s, then says so', async ({ page }) => {
    // A device that never gets a fix: the browser's own timer ends the lookup after the asked timeout.
    type Probe = { geoAsked?: PositionOptions; geoTimedOut?: boolean };
    await page.addInitScript(() => {
      const w = window as unknown as Probe;
      navigator.geolocation.getCurrentPosition = (_ok, fail, options) => {
        w.geoAsked = options;
        setTimeout(() => {
          w.geoTimedOut = true;
          fail?.({ code: 3, message: 'Timeout expired', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
        }, options?.timeout ?? 0);
      };
    });
    await loginViaApi(page, 'filiale');
    await page.goto('/settings');
    // The page's clock stands still from before the click: the 19 s below are 19 s of the device's time however
    // long the machine takes between the steps (an installed clock otherwise runs on in real time as well).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const section = page.getByRole('region', { name: 'Standort' });
    await section.getByRole('button', { name: 'Standort bestimmen' }).click();
    const probe = () => page.evaluate(() => ({ ...(window as unknown as Probe) }));
    expect((await probe()).geoAsked).toMatchObject({ enableHighAccuracy: true, timeout: 20_000 });
    await page.clock.runFor(19_000);
    expect((await probe()).geoTimedOut).toBeUndefined();
    await expect(section.getByRole('status')).toHaveCount(0);
    await page.clock.runFor(1_000);
    expect((await probe()).geoTimedOut).toBe(true);
    // The answer is drawn with the page's own timers (the query library batches its updates): time runs again.
    await page.clock.resume();
    await expect(section.getByRole('status')).toHaveText(
      'Der Standort konnte nicht innerhalb von 20 Sekunden bestimmt werden.',
    );
  });
});
