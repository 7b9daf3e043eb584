import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type Db, expect, test } from '../fixtures';
import {
  captureArticle,
  clearOpenCapture,
  demoArticles,
  isoDay,
  moduleKey,
  openInventurList,
} from '../support/capture-page';
import { layoutProblems, seriousAxeViolations, stoppedMoving } from '../support/layout-check';

// Store walkthrough at 360 px: every route of the spec's route tables, with the data a worker has in a day
// (capture lists with lines, an article with its stock table, a gift card), fits the screen with nothing cut,
// and axe-core finds no serious or critical accessibility violation (contrast included) on any of them.

test.use({ viewport: { width: 360, height: 740 } });

const GIFT_CARD = 'GC-1000-0001';

/** Lines on the user's open capture of a module, put through the API as another device of the user would. */
async function seedCapture(
  page: Page,
  module: string,
  header: Record<string, unknown>,
  articleIds: number[],
  line: Record<string, unknown> = {},
) {
  await clearOpenCapture(page, module);
  const put = await page.request.put(`/api/v1/captures/${moduleKey(module)}/header`, { data: header });
  expect(put.status(), await put.text()).toBe(200);
  for (const [i, articleId] of articleIds.entries()) {
    const res = await page.request.put(`/api/v1/captures/${moduleKey(module)}/lines/${randomUUID()}`, {
      data: { ...line, articleId, quantity: i + 2, capturedAt: new Date(Date.now() - i * 60_000).toISOString() },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

interface Fixtures {
  articleIds: number[];
  supplierId: number;
  warehouseId: number;
  locationId: number;
  locationArticleId: number;
  deliveryNoteId: number;
}

async function loadFixtures(db: Db): Promise<Fixtures> {
  const articles = await demoArticles(db, 4);
  const [supplier] = await db.query<{ supplier_id: number }>(
    'select supplier_id from article_supplier where article_id = $1 and is_main',
    [articles[0]?.id],
  );
  const [warehouse] = await db.query<{ id: number }>(
    `select id from warehouse where vkforg_id = 11 and name = 'Kühlhaus'`,
  );
  const [location] = await db.query<{ location_id: number; article_id: number }>(
    `select l.location_id, l.article_id from article_location l join storage_location s on s.id = l.location_id
      where s.vkforg_id = 11 order by l.location_id, l.article_id limit 1`,
  );
  const [note] = await db.query<{ id: number }>(
    `select id from goods_receipt where vkforg_id = 11 and status <> 'gebucht' order by id limit 1`,
  );
  if (!supplier || !warehouse || !location || !note || articles.length < 4) throw new Error('demo data missing');
  return {
    articleIds: articles.map((a) => a.id),
    supplierId: supplier.supplier_id,
    warehouseId: warehouse.id,
    locationId: location.location_id,
    locationArticleId: location.article_id,
    deliveryNoteId: Number(note.id),
  };
}

/** Every route of docs/spec.md §2, in the order a worker meets them. */
function routes(f: Fixtures): string[] {
  const [a] = f.articleIds;
  const capture = (root: string) => [root, `${root}/artikel-erfassen/suche`, `${root}/artikel-erfassen/${a}`];
  return [
    '/',
    '/settings',
    '/settings#pwaInstall',
    '/settings/scanner-test',
    '/notifications',
    '/mde-bestellvorschlag/liefertermin',
    ...capture('/mde-bestellvorschlag'),
    '/mde-bestellung/start',
    ...capture('/mde-bestellung'),
    '/mde-inventur/start',
    ...capture('/mde-inventur'),
    '/mde-warenverprobung/belege',
    '/mde-warenverprobung/auswahl/belegart',
    '/mde-warenverprobung/auswahl/bestellung/belegeingabe',
    '/mde-warenverprobung/auswahl/bestellung/bezugsnummer',
    '/mde-warenverprobung/auswahl/warenuebernahme/belegeingabe',
    '/mde-warenverprobung/auswahl/warenuebernahme/bezugsnummer',
    ...capture('/mde-warenverprobung'),
    '/mde-retouren/eingabe-belegdatum',
    ...capture('/mde-retouren'),
    '/artikel-info',
    `/artikel-info/${a}`,
    '/artikel-info/favoriten',
    '/artikel-info/suchverlauf',
    '/artikel-info/scan-liste',
    '/gutscheinkarten',
    `/gutscheinkarten/existing?type=GUTSCHEIN&code=${GIFT_CARD}`,
    `/gutscheinkarten/charge?type=GUTSCHEIN&code=${GIFT_CARD}`,
    `/gutscheinkarten/redeem?type=GUTSCHEIN&code=${GIFT_CARD}`,
    '/gutscheinkarten/daily-balance',
    '/mde-artikelvorrat/beleg-auswahl',
    ...capture('/mde-artikelvorrat'),
    '/delivery-note-processing',
    `/delivery-note-processing?beleg=${f.deliveryNoteId}`,
    '/storage-location/select',
    `/storage-location/${f.locationId}`,
    `/storage-location/${f.locationId}/product-search`,
    `/storage-location/${f.locationId}/products/${f.locationArticleId}`,
  ];
}

/** The route has rendered: its main area shows, nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.locator('main[aria-busy="false"], main:not([aria-busy])').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, [data-loading="true"]')).toHaveCount(0);
  await stoppedMoving(page);
}

test('every route fits 360 px with nothing cut, and axe finds nothing serious', async ({ loggedInPage: page, db }) => {
  test.setTimeout(240_000);
  const f = await loadFixtures(db);
  const ids = f.articleIds;
  await seedCapture(page, 'mde-bestellvorschlag', { datum: isoDay(3) }, ids);
  await seedCapture(page, 'mde-retouren', { belegdatum: isoDay(-1), supplierId: f.supplierId }, ids.slice(0, 2), {
    reason: 'MHD abgelaufen',
  });
  await seedCapture(page, 'mde-artikelvorrat', {}, ids);

  // Bestellung and Inventur: the header chosen on this device, then two scans each, as a worker does.
  const scanned = await demoArticles(db, 2, 50);
  for (const module of ['mde-bestellung', 'mde-inventur']) await clearOpenCapture(page, module);
  await page.goto('/mde-bestellung/start');
  await page.getByLabel('Liefertermin').fill(isoDay(2));
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  for (const a of scanned) await captureArticle(page, 'mde-bestellung', a, '6');
  await openInventurList(page, { quick: false });
  for (const a of scanned) await captureArticle(page, 'mde-inventur', a, '4');

  const found: Record<string, string[]> = {};
  for (const route of routes(f)) {
    await page.goto(route);
    await settled(page);
    const problems = [...(await layoutProblems(page)), ...(await seriousAxeViolations(page))];
    if (problems.length) found[`${route} → ${new URL(page.url()).pathname}`] = problems;
  }
  expect(found).toEqual({});
});

test('login, its connection settings and the password steps fit 360 px too', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const route of ['/login', '/login/settings', '/forgot-password', '/forgot-password/reset?username=demo']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await stoppedMoving(page);
    const problems = [...(await layoutProblems(page)), ...(await seriousAxeViolations(page))];
    if (problems.length) found[route] = problems;
  }
  expect(found).toEqual({});
});

test('the header keeps store, account, bell and gear on a 360 px screen while lines wait for the sync', async ({
  loggedInPage: page,
  db,
}) => {
  await clearOpenCapture(page, 'mde-artikelvorrat');
  const [article] = await demoArticles(db, 1, 30);
  if (!article) throw new Error('demo article missing');
  // The server is out of reach for the sync: the captured line waits, and the header shows its badge.
  await page.route('**/api/v1/captures/sync', (route) => route.abort('internetdisconnected'));
  await page.goto('/mde-artikelvorrat');
  // The worker scans once the list shows what it holds.
  await expect(page.getByTestId('line-count')).toHaveText('0 Positionen');
  await captureArticle(page, 'mde-artikelvorrat', article, '2');
  const header = page.getByTestId('app-header');
  await expect(header.getByTestId('header-sync-badge')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Verkaufsorganisation wählen' })).toHaveText('Hamburg-Altona');
  await page.screenshot({ path: test.info().outputPath('header-360.png') });
  for (const name of ['Einstellungen', 'Benachrichtigungen']) {
    const box = await header.getByRole('link', { name }).boundingBox();
    expect(box && box.x + box.width, name).toBeLessThanOrEqual(360);
  }
  expect(await layoutProblems(page)).toEqual([]);
  await page.unroute('**/api/v1/captures/sync');
});

test('an exported document with the position where it was made fits 360 px', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  // STANDORT_ERFASSEN on for Inventur in firma 1, for this test only.
  await db.query(
    `insert into module_config (firma_id, module, config_key, config_value)
     values (1, 'mde-inventur', 'STANDORT_ERFASSEN', 'true')
     on conflict (firma_id, module, config_key) do update set config_value = 'true'`,
  );
  try {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 53.5511, longitude: 9.9937, accuracy: 8 });
    await clearOpenCapture(page, 'mde-inventur');
    const [article] = await demoArticles(db, 1, 40);
    if (!article) throw new Error('demo article missing');
    await page.reload();
    await openInventurList(page, { quick: false });
    await captureArticle(page, 'mde-inventur', article, '3');
    await page.getByRole('button', { name: 'Speichern und exportieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByRole('region', { name: 'Standort des Exports' })).toBeVisible();
    await settled(page);
    expect([...(await layoutProblems(page)), ...(await seriousAxeViolations(page))]).toEqual([]);
    await page.getByRole('button', { name: 'Belege der letzten 30 Tage' }).click();
    await page.getByLabel('Belege der letzten 30 Tage').getByRole('button').first().click();
    await expect(page.getByRole('region', { name: 'Standort des Exports' })).toHaveCount(2);
    await settled(page);
    expect([...(await layoutProblems(page)), ...(await seriousAxeViolations(page))]).toEqual([]);
  } finally {
    await db.query(
      `delete from module_config where firma_id = 1 and module = 'mde-inventur' and config_key = 'STANDORT_ERFASSEN'`,
    );
  }
});
