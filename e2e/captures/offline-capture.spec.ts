import { expect, test } from '../fixtures';
import { backOnList, captureLines, demoArticles, scannerBurst, typeQuantity } from '../support/capture-page';
import {
  closeOpenCaptures,
  contextNames,
  openFromMenu,
  unknownEans,
  waitForOfflineReadiness,
} from '../support/offline-device';

// A handheld that was online once captures without network: what a capture needs comes from the device, and
// no screen waits for a server it cannot reach (a paused query used to leave the capture screen spinning).

const MODULE = 'mde-inventur';

test('offline from the start: header names, the Lager list, a cached article opens, an unknown code is kept', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  test.setTimeout(180_000);
  await closeOpenCaptures(db, MODULE);
  const [article] = await demoArticles(db, 1, 30);
  if (!article) throw new Error('demo article missing');
  const [unknown] = await unknownEans(db, 1);
  const names = await contextNames(page);
  await page.goto('/artikel-info');
  await waitForOfflineReadiness(page);

  // Offline while the app runs, before any capture screen was opened; Inventur from the menu.
  await context.setOffline(true);
  await openFromMenu(page, 'Inventur');
  await expect(page).toHaveURL(/\/mde-inventur\/start$/);
  await expect(page.getByRole('button', { name: 'Konto wählen' })).toHaveText(names.account);
  await expect(page.getByRole('button', { name: 'Verkaufsorganisation wählen' })).toHaveText(names.vkforg);
  await expect(page.getByText('Es konnte keine Verbindung zum Server hergestellt werden')).toHaveCount(0);
  const lager = page.getByRole('combobox', { name: 'Lager' });
  await expect(lager).toBeEnabled();
  await lager.click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
  const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  if (await quick.isChecked()) await quick.uncheck();
  await page.locator('body').click({ position: { x: 5, y: 5 } });

  // A cached article: its form, not a spinner (the bench measures how fast; here it must simply come).
  await scannerBurst(page, article.ean13);
  await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
  await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByLabel('Menge', { exact: true })).toBeVisible();
  await typeQuantity(page, '3');
  await backOnList(page, MODULE);
  await expect(captureLines(page)).toHaveCount(1);

  // A code the cache does not know: a German message at once, the code waits in 'Offene Codes'.
  await scannerBurst(page, unknown ?? '');
  await expect(
    page.getByText(`Der Code ${unknown} ist unbekannt. Er steht in der Liste der offenen Codes.`),
  ).toBeVisible({
    timeout: 3_000,
  });
  const open = page.getByRole('region', { name: 'Offene Codes' }).or(page.getByLabel('Offene Codes'));
  await expect(open.getByTestId('unresolved-code')).toHaveText([new RegExp(unknown ?? '')]);
  await expect(page).toHaveURL(/\/mde-inventur$/);

  // A reload without network: the header still names account and vkforg, from the device.
  await page.reload();
  await expect(page.getByTestId('capture-list')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Konto wählen' })).toHaveText(names.account);
  await expect(page.getByRole('button', { name: 'Verkaufsorganisation wählen' })).toHaveText(names.vkforg);

  // An article the device has never seen, opened directly: a German message, not a spinner.
  await page.goto(`/${MODULE}/artikel-erfassen/999999999`);
  await expect(page.getByText('Der Artikel ist offline nicht verfügbar')).toBeVisible({ timeout: 5_000 });
});
