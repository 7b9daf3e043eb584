import { type Db, expect, test } from '../fixtures';
import {
  captureArticle,
  clearOpenCapture,
  demoArticles,
  openExportDialog,
  openInventurList,
} from '../support/capture-page';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// docs/spec.md §3 geo position with the export: with STANDORT_ERFASSEN = 'true' for the module the device takes its
// position once when the user exports; the document shows it with the OpenStreetMap link. A denied location
// never holds the export up: it goes without a position.

const MODULE = 'mde-inventur';

async function recordPosition(db: Db, on: boolean) {
  if (on) {
    await db.query(
      `insert into module_config (firma_id, module, config_key, config_value) values (1, $1, 'STANDORT_ERFASSEN', 'true')
       on conflict (firma_id, module, config_key) do update set config_value = 'true'`,
      [MODULE],
    );
  } else {
    await db.query(
      `delete from module_config where firma_id = 1 and module = $1 and config_key = 'STANDORT_ERFASSEN'`,
      [MODULE],
    );
  }
}

const lastPosition = async (db: Db) =>
  (
    await db.query<{ position: unknown }>(
      `select position from capture_document where module = 'inventory-count' order by id desc limit 1`,
    )
  )[0]?.position;

test.describe('Standort beim Export', () => {
  test.beforeEach(async ({ loggedInPage: page, db }) => {
    await recordPosition(db, true);
    await clearOpenCapture(page, MODULE);
  });
  test.afterEach(({ db }) => recordPosition(db, false));

  test('granted: the document shows where it was exported, with the map link', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 12 });
    const [article] = await demoArticles(db, 1);
    if (!article) throw new Error('demo article missing');
    await page.reload();
    await openInventurList(page, { quick: false });
    await captureArticle(page, MODULE, article, '4');
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const result = page.getByTestId('export-result');
    await expect(result).toHaveAttribute('data-state', 'done');
    const shown = result.getByRole('region', { name: 'Standort des Exports' });
    await expect(shown.getByRole('row', { name: /Breite/ }).first()).toContainText('52,52°');
    await expect(shown.getByRole('row', { name: /^Länge/ })).toContainText('13,405°');
    const mapLink = 'https://www.openstreetmap.org/?mlat=52.520000&mlon=13.405000#map=18/52.520000/13.405000';
    await expect(shown.getByRole('link', { name: 'Auf der Karte zeigen (OpenStreetMap)' })).toHaveAttribute(
      'href',
      mapLink,
    );
    expect(await lastPosition(db)).toMatchObject({ gpsbreite: 52.52, gpslaenge: 13.405, genauigkeit: 12 });

    // The list of the last 30 days opens the document with the same position.
    await page.getByRole('button', { name: 'Belege der letzten 30 Tage' }).click();
    const number = (await page.getByTestId('document-numbers').textContent())?.match(/IN-\d{4}-\d{6}/)?.[0];
    if (!number) throw new Error('document number missing');
    const documents = page
      .getByRole('region', { name: 'Belege der letzten 30 Tage' })
      .or(page.getByLabel('Belege der letzten 30 Tage'));
    await documents.getByRole('button', { name: new RegExp(number) }).click();
    const inList = documents.getByRole('region', { name: 'Standort des Exports' });
    await expect(inList.getByRole('link', { name: 'Auf der Karte zeigen (OpenStreetMap)' })).toHaveAttribute(
      'href',
      mapLink,
    );
  });

  test('offline: the export waits in the outbox with the position of the moment it was made', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.1374, longitude: 11.5755, accuracy: 20 });
    const [, , article] = await demoArticles(db, 3);
    if (!article) throw new Error('demo article missing');
    await page.reload();
    await openInventurList(page, { quick: false });
    await captureArticle(page, MODULE, article, '1');
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');
    await context.setOffline(true);
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'queued');
    // The device moves on before the network is back: the document keeps where the export was made.
    await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 5 });
    await context.setOffline(false);
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
    expect(await lastPosition(db)).toMatchObject({ gpsbreite: 48.1374, gpslaenge: 11.5755, genauigkeit: 20 });
  });

  test('denied: the export goes through without a position', async ({ loggedInPage: page, context, db }) => {
    await context.clearPermissions();
    const [, article] = await demoArticles(db, 2);
    if (!article) throw new Error('demo article missing');
    await page.reload();
    await openInventurList(page, { quick: false });
    await captureArticle(page, MODULE, article, '2');
    const dialog = await openExportDialog(page);
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const result = page.getByTestId('export-result');
    await expect(result).toHaveAttribute('data-state', 'done', { timeout: 5_000 });
    await expect(result.getByRole('region', { name: 'Standort des Exports' })).toHaveCount(0);
    expect(await lastPosition(db)).toBeNull();
  });
});
