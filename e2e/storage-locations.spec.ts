import type { Page } from '@playwright/test';
import { type Db, expect, test } from './fixtures';
import { scannerBurst, wedgeBurst } from './support/capture-page';
import { seriousAxeViolations } from './support/layout-check';
import { openFromMenu } from './support/offline-device';
import { readmeScreen } from './support/readme-screens';
import { controlledByServiceWorker } from './support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Lagerplatz-Artikel journeys: a location found by scan, an article assigned and edited, the unsaved-changes
// question of docs/spec.md §5 on every way out, and an edit made without network that reaches the server once.

const GUARD_TITLE = 'Ungespeicherte Änderungen';
const GUARD_QUESTION =
  'Wenn Sie die Seite verlassen gehen die ungespeicherten Änderungen verloren. Wollen Sie fortfahren?';

interface Place {
  id: number;
  code: string;
  barcode: string;
}

/** A sales-floor location of vkforg 11 with at least two articles, one of them set below its minimum. */
async function busyLocation(db: Db, skip: number): Promise<Place> {
  const [place] = await db.query<Place>(
    `select sl.id, sl.code, sl.barcode from storage_location sl
     where sl.vkforg_id = 11 and sl.location_type = 'shelf'
       and (select count(*) from article_location al where al.location_id = sl.id) >= 2
     order by sl.id offset $1 limit 1`,
    [skip],
  );
  if (!place) throw new Error('no demo location');
  await db.query(
    `update article_location set quantity = 0, min_quantity = 3, max_quantity = 9
     where location_id = $1 and article_id = (select min(article_id) from article_location where location_id = $1)`,
    [place.id],
  );
  return place;
}

/** A listed article of vkforg 11 with an EAN-13 that is not on the location. */
async function freeArticle(db: Db, locationId: number, skip = 0) {
  const [row] = await db.query<{ id: number; number: string; designation1: string; gtin14: string }>(
    `select a.id, a.number, a.designation1, c.gtin14 from article a
     join article_code c on c.article_id = a.id and c.code_type = 'ean13'
     join article_listing l on l.article_id = a.id and l.vkforg_id = 11
     where a.firma_id = 1
       and not exists (select 1 from article_location al where al.article_id = a.id and al.location_id = $1)
     order by a.id offset $2 limit 1`,
    [locationId, skip],
  );
  if (!row) throw new Error('no free article');
  return { ...row, ean13: row.gtin14.slice(1) };
}

const assignmentOf = async (db: Db, locationId: number, articleId: number) =>
  (
    await db.query<{ quantity: number; min_quantity: number; max_quantity: number; version: number }>(
      `select quantity::float8 as quantity, min_quantity::float8 as min_quantity, max_quantity::float8 as max_quantity,
              version from article_location where location_id = $1 and article_id = $2`,
      [locationId, articleId],
    )
  )[0];

async function scan(page: Page, code: string) {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await wedgeBurst(page, code);
  await page.waitForTimeout(250);
}

const guard = (page: Page) => page.getByRole('dialog', { name: GUARD_TITLE });
const quantityField = (page: Page) => page.getByRole('textbox', { name: 'Menge', exact: true });

test.describe('Lagerplatz-Artikel', () => {
  test('scan a location, assign an article, edit it; the guard asks on every way out', async ({
    loggedInPage: page,
    db,
  }) => {
    const place = await busyLocation(db, 0);
    const article = await freeArticle(db, place.id);
    const count = (
      await db.query<{ n: number }>('select count(*)::int as n from article_location where location_id = $1', [
        place.id,
      ])
    )[0]?.n;

    // select: an article code is not a location; the location's barcode opens it
    await openFromMenu(page, 'Lagerplatz-Artikel');
    await expect(page.getByRole('heading', { name: 'Lagerplatz auswählen' })).toBeVisible();
    await expect(page.getByTestId('location-row').first()).toBeVisible();
    await scan(page, article.ean13);
    await expect(page.getByText('Das ist ein Artikelcode, kein Lagerplatz.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/storage-location\/select$/);
    await scan(page, place.barcode);
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await expect(page.getByRole('heading', { name: 'Lagerplatz Artikel' })).toBeVisible();
    await expect(page.getByTestId('location-header')).toContainText(place.code);
    await expect(page.getByTestId('assignment-row')).toHaveCount(count ?? -1);
    const below = await db.query('select 1 from article_location where location_id = $1 and quantity < min_quantity', [
      place.id,
    ]);
    await expect(page.locator('[data-testid="assignment-row"][data-below-min]')).toHaveCount(below.length);
    expect(below.length).toBeGreaterThan(0);

    // search and assign
    await page.getByRole('button', { name: 'Artikel zuordnen' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}/product-search$`));
    await page.getByRole('textbox', { name: 'Artikel suchen' }).fill(article.number);
    await page.getByTestId('search-hit').filter({ hasText: article.number }).first().click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}/products/${article.id}$`));
    await expect(page.getByText('Dieser Artikel ist dem Lagerplatz noch nicht zugeordnet.')).toBeVisible();
    await quantityField(page).fill('12');
    await page.getByRole('textbox', { name: 'Mindestbestand' }).fill('20');
    await page.getByRole('textbox', { name: 'Höchstbestand' }).fill('10');
    await page.getByRole('button', { name: 'Zuordnen' }).click();
    await expect(page.getByText('Der Mindestbestand darf nicht größer als der Höchstbestand sein')).toBeVisible();
    expect(await assignmentOf(db, place.id, article.id)).toBeUndefined();
    await page.getByRole('textbox', { name: 'Mindestbestand' }).fill('5');
    await page.getByRole('textbox', { name: 'Höchstbestand' }).fill('20');
    await page.getByRole('button', { name: 'Zuordnen' }).click();
    await expect(page.getByText('Der Artikel wurde zugeordnet')).toBeVisible();
    await expect
      .poll(() => assignmentOf(db, place.id, article.id))
      .toEqual({
        quantity: 12,
        min_quantity: 5,
        max_quantity: 20,
        version: 1,
      });
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();

    // edit, leave via the menu: the question; "Nein" keeps the edit
    await quantityField(page).fill('3');
    await openFromMenu(page, 'Übersicht');
    await expect(guard(page)).toBeVisible();
    await expect(guard(page)).toContainText(GUARD_QUESTION);
    // The safe answer is the default: "Nein" has the focus, so Enter keeps the edit.
    await expect(guard(page).getByRole('button', { name: 'Nein' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(guard(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/products/${article.id}$`));
    await expect(quantityField(page)).toHaveValue('3');

    // a scan that would open another article asks too
    const other = await freeArticle(db, place.id, 1);
    await scan(page, other.ean13);
    await expect(guard(page)).toBeVisible();
    await guard(page).getByRole('button', { name: 'Nein' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${article.id}$`));
    await expect(quantityField(page)).toHaveValue('3');

    // save, then leave freely
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
    await expect.poll(async () => (await assignmentOf(db, place.id, article.id))?.quantity).toBe(3);
    expect((await assignmentOf(db, place.id, article.id))?.version).toBe(2);
    await openFromMenu(page, 'Übersicht');
    await expect(page).toHaveURL(/\/$/);
    await expect(guard(page)).toHaveCount(0);

    // browser back into the detail, edit, browser back: "Nein" stays, "Ja" leaves and drops the edit
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/products/${article.id}$`));
    await expect(quantityField(page)).toHaveValue('3');
    await quantityField(page).fill('4');
    await page.goBack();
    await expect(guard(page)).toBeVisible();
    await guard(page).getByRole('button', { name: 'Nein' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${article.id}$`));
    await expect(quantityField(page)).toHaveValue('4');
    await page.goBack();
    await expect(guard(page)).toBeVisible();
    await guard(page).getByRole('button', { name: 'Ja' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}/product-search$`));
    expect((await assignmentOf(db, place.id, article.id))?.quantity).toBe(3);

    // another user's device sees the saved figures at once
    const res = await page.request.get(`/api/v1/storage-locations/${place.id}`);
    const seen = (await res.json()).assignments.find((a: { articleId: number }) => a.articleId === article.id);
    expect(seen).toMatchObject({ quantity: 3, minQuantity: 5, maxQuantity: 20, version: 2 });

    // remove with confirm
    await page.goto(`/storage-location/${place.id}/products/${article.id}`);
    await page.getByRole('button', { name: 'Zuordnung entfernen' }).click();
    await page.getByRole('dialog', { name: 'Zuordnung entfernen' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await expect.poll(() => assignmentOf(db, place.id, article.id)).toBeUndefined();
  });

  test('on a location a scan opens an assigned article, or offers to assign another one', async ({
    loggedInPage: page,
    db,
  }) => {
    const place = await busyLocation(db, 3);
    const [there] = await db.query<{ id: number; gtin14: string }>(
      `select al.article_id as id, c.gtin14 from article_location al
       join article_code c on c.article_id = al.article_id and c.code_type = 'ean13'
       where al.location_id = $1 order by al.article_id limit 1`,
      [place.id],
    );
    if (!there) throw new Error('no article with an EAN on the location');
    const free = await freeArticle(db, place.id, 2);

    await page.goto(`/storage-location/${place.id}`);
    await expect(page.getByTestId('assignment-row').first()).toBeVisible();
    await scan(page, there.gtin14.slice(1));
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}/products/${there.id}$`));
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();

    await page.getByRole('button', { name: 'Zurück zum Lagerplatz' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await scan(page, free.ean13);
    const offer = page.getByRole('dialog', { name: 'Artikel nicht zugeordnet' });
    await expect(offer).toContainText(free.number);
    await offer.getByRole('button', { name: 'Nein' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await scan(page, free.ean13);
    await offer.getByRole('button', { name: 'Ja' }).click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}/products/${free.id}$`));
    await expect(page.getByRole('button', { name: 'Zuordnen' })).toBeVisible();
  });

  test('an edit made without network is kept, synced once when the network is back', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    const place = await busyLocation(db, 1);
    const [row] = await db.query<{ article_id: number }>(
      'select article_id from article_location where location_id = $1 order by article_id desc limit 1',
      [place.id],
    );
    const articleId = row?.article_id ?? 0;
    const before = await assignmentOf(db, place.id, articleId);

    await controlledByServiceWorker(page);
    const snapshot = page.waitForResponse((r) => r.url().endsWith('/api/v1/storage-locations/snapshot'));
    await openFromMenu(page, 'Lagerplatz-Artikel');
    await (await snapshot).finished();
    await page.getByRole('textbox', { name: 'Lagerplatz suchen' }).fill(place.code);
    await page.getByTestId('location-row').filter({ hasText: place.code }).first().click();
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await page.locator('[data-testid="assignment-row"]').first().waitFor();
    await page.goto(`/storage-location/${place.id}/products/${articleId}`);
    await expect(quantityField(page)).toBeVisible();

    await context.setOffline(true);
    await quantityField(page).fill('77');
    await page.getByRole('textbox', { name: 'Höchstbestand' }).fill('100');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Offline gespeichert', { exact: false })).toBeVisible();
    await expect(page.getByTestId('storage-outbox')).toHaveText('1 Änderung wartet auf Übertragung');
    // the list shows the edit from the device, and the server has not seen it
    await page.getByRole('button', { name: 'Zurück zum Lagerplatz' }).click();
    await expect(page.getByTestId('assignment-row').filter({ hasText: '77' })).toHaveCount(1);
    expect(await assignmentOf(db, place.id, articleId)).toEqual(before);

    await context.setOffline(false);
    await expect(page.getByTestId('storage-outbox')).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(() => assignmentOf(db, place.id, articleId))
      .toEqual({ ...before, quantity: 77, max_quantity: 100, version: (before?.version ?? 0) + 1 });
    // applied once: a later sync run sends nothing again
    await page.waitForTimeout(1_000);
    expect((await assignmentOf(db, place.id, articleId))?.version).toBe((before?.version ?? 0) + 1);
  });

  test('an offline edit that meets a newer server value asks which to keep', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    const place = await busyLocation(db, 2);
    const [row] = await db.query<{ article_id: number }>(
      'select article_id from article_location where location_id = $1 order by article_id limit 1',
      [place.id],
    );
    const articleId = row?.article_id ?? 0;
    await page.goto(`/storage-location/${place.id}/products/${articleId}`);
    // A handheld that has run the app before: the worker serves the lazily loaded parts without network.
    await controlledByServiceWorker(page);
    await expect(quantityField(page)).toBeVisible();
    const version = (await assignmentOf(db, place.id, articleId))?.version ?? 0;

    await context.setOffline(true);
    await quantityField(page).fill('5');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('storage-outbox')).toBeVisible();
    // meanwhile another device saves the same assignment
    await db.query(
      'update article_location set quantity = 8, version = version + 1 where location_id = $1 and article_id = $2',
      [place.id, articleId],
    );
    await context.setOffline(false);

    const dialog = page.getByRole('dialog', { name: 'Änderung kollidiert' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('storage-conflict')).toContainText('Meine Werte');
    await expect(page.getByTestId('storage-conflict')).toContainText('Werte vom Server');
    expect((await assignmentOf(db, place.id, articleId))?.quantity).toBe(8);
    await dialog.getByRole('button', { name: 'Meine Werte behalten' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await assignmentOf(db, place.id, articleId))?.quantity).toBe(5);
    expect((await assignmentOf(db, place.id, articleId))?.version).toBe(version + 2);
    await expect(quantityField(page)).toHaveValue('5');
  });
});

test.describe('Lagerplatz-Artikel opening on a 360 px phone', () => {
  // Not about offline work: the page's own requests are held, which a service worker would make itself.
  test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

  test('a location scanned while the list is still loading is held, said so, and answered when it arrives', async ({
    loggedInPage: page,
    db,
  }) => {
    const place = await busyLocation(db, 4);
    // The locations answer only when the journey lets them: the scan surely comes first.
    const gate: { open?: () => void } = {};
    const released = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const list = (url: URL) => url.pathname === '/api/v1/storage-locations';
    await page.route(list, async (route) => {
      await released;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => list(new URL(r.url())));
    await page.goto('/storage-location/select');
    await asked;
    await scannerBurst(page, place.barcode);
    await expect(page.getByTestId('scan-held')).toContainText(place.barcode);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, 'storage-location-scan-held');
    // The list takes its time on a loaded machine: the answer is awaited first, then the scan's.
    const answered = page.waitForResponse((r) => list(new URL(r.url())), { timeout: 60_000 });
    gate.open?.();
    await answered;
    await expect(page).toHaveURL(new RegExp(`/storage-location/${place.id}$`));
    await expect(page.getByTestId('scan-held')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
