import type { Page } from '@playwright/test';
import { type Db, expect, test } from './fixtures';
import { scannerBurst } from './support/capture-page';
import { layoutProblems, seriousAxeViolations, stoppedMoving } from './support/layout-check';
import { badge, bell, clearNotifications, entries, sendDeliveryNote } from './support/notifications-page';
import { openFromMenu, unknownEans, waitForOfflineReadiness } from './support/offline-device';
import { readmeScreen } from './support/readme-screens';
import { recordFlashes } from './support/scanner-page';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Lieferscheine (docs/modules.md#lieferscheine): a note counted by scans, corrected and booked once;
// the booked stock shows in Artikel-Info.

/**
 * A new open delivery note of vkforg 11 (as it arrives from the supplier), with two articles that have an EAN-13;
 * `barcode`: what the code printed on the note carries.
 */
async function newNote(db: Db, barcode: string | null = null) {
  const [order] = await db.query<{ id: number; number: string; supplier_id: number }>(
    `select o.id, o.number, o.supplier_id from purchase_order o
      where o.vkforg_id = 11
        and (select count(*) from purchase_order_line l
              join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
             where l.order_id = o.id) >= 2
      order by o.id desc limit 1`,
  );
  if (!order) throw new Error('no demo order');
  const number = `LS-E2E-${Date.now()}`;
  const [note] = await db.query<{ id: number }>(
    `insert into goods_receipt (firma_id, vkforg_id, supplier_id, number, reference_number, order_id, receipt_date,
                                barcode)
     values (1, 11, $1, $2, $3, $4, current_date, $5) returning id`,
    [order.supplier_id, number, order.number, order.id, barcode],
  );
  await db.query(
    `insert into goods_receipt_line (receipt_id, line_no, firma_id, article_id, unit, factor, quantity)
     select $1, line_no, firma_id, article_id, unit, factor, quantity from purchase_order_line where order_id = $2`,
    [note?.id, order.id],
  );
  const lines = await db.query<{ article_id: number; number: string; ean13: string; factor: number }>(
    `select l.article_id, a.number, substr(min(c.gtin14), 2) as ean13, l.factor::float as factor
       from goods_receipt_line l
       join article a on a.id = l.article_id
       join article_code c on c.article_id = l.article_id and c.code_type = 'ean13' and c.factor = 1
      where l.receipt_id = $1
      group by l.line_no, l.article_id, a.number, l.factor
      order by l.line_no`,
    [note?.id],
  );
  return { id: note?.id ?? 0, number, lines };
}

const stockOf = async (db: Db, articleId: number) =>
  Number(
    (
      await db.query<{ q: string }>(
        'select quantity::text as q from article_stock where article_id = $1 and warehouse_id = 1101',
        [articleId],
      )
    )[0]?.q ?? 0,
  );

test('a delivery note counted by scans, corrected and booked; the stock shows in Artikel-Info', async ({
  loggedInPage: page,
  db,
}) => {
  const note = await newNote(db);
  const [scanned, corrected] = note.lines;
  if (!scanned || !corrected) throw new Error('note too short');
  const before = await stockOf(db, scanned.article_id);

  await page.goto('/delivery-note-processing');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'offen' }).click();
  await page.getByRole('button', { name: note.number }).click();
  await expect(page.getByTestId('delivery-note-detail')).toContainText(`Lieferschein ${note.number}`);
  await expect(page.getByTestId('note-status')).toHaveText('offen');

  const line = (articleNumber: string) => page.locator(`[data-testid="note-line"][data-article="${articleNumber}"]`);
  const pieces = (n: number, factor: number) =>
    new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(Math.round((n / factor) * 1000) / 1000);
  for (let i = 1; i <= 3; i++) {
    await scannerBurst(page, scanned.ean13);
    await expect(line(scanned.number)).toContainText(`Gezählt ${pieces(i, scanned.factor)}`);
  }
  await expect(page.getByTestId('note-status')).toHaveText('in Prüfung');

  await line(corrected.number).getByRole('button', { name: 'Menge korrigieren' }).click();
  await page.getByLabel(`Gezählte Menge ${corrected.number}`).fill('2');
  await line(corrected.number).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(line(corrected.number)).toContainText('Gezählt 2 ');

  // The counted note on a 360 px phone: nothing cut; the README's picture of Lieferscheine.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByTestId('note-outbox')).toHaveCount(0);
  await stoppedMoving(page);
  expect(await layoutProblems(page)).toEqual([]);
  await readmeScreen(page, 'delivery-note');
  if (viewport) await page.setViewportSize(viewport);

  await page.getByRole('button', { name: 'Buchen', exact: true }).click();
  // Fewer pieces counted than delivered: the booking warns, going on counting first.
  await page.getByRole('button', { name: 'Trotzdem buchen' }).click();
  await expect(page.getByTestId('note-status')).toHaveText('gebucht');
  await expect(page.getByText(/Gebucht am .* von Dana Demo/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Artikel scannen' })).toHaveCount(0);
  // The booked note is a document now: it downloads as CSV or JSON (docs/integration.md#belege-herunterladen).
  for (const format of ['CSV', 'JSON']) {
    await expect(page.getByRole('link', { name: `Beleg ${note.number} als ${format} herunterladen` })).toHaveAttribute(
      'href',
      `/api/v1/delivery-notes/${note.id}/download?format=${format.toLowerCase()}`,
    );
  }

  const after = await stockOf(db, scanned.article_id);
  expect(after).toBeCloseTo(before + 3, 3);
  const differences = await db.query<{ article_id: number; booked: string }>(
    'select article_id, booked::text as booked from goods_receipt_booking_line where receipt_id = $1',
    [note.id],
  );
  expect(differences.length).toBeGreaterThanOrEqual(2);

  // Artikel-Info shows the stock over the vkforg's warehouses, the booked pieces included.
  const [total] = await db.query<{ q: string }>(
    'select sum(quantity)::text as q from article_stock where article_id = $1 and vkforg_id = 11',
    [scanned.article_id],
  );
  await page.goto(`/artikel-info/${scanned.article_id}`);
  await expect(page.getByRole('main')).toContainText(
    `Bestand: ${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(Number(total?.q))} `,
  );
});

test('at 360 px the list opens a note by its own barcode or number; an unknown code is answered at the scan with its code; a refusal shows on its own note only', async ({
  loggedInPage: page,
  db,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const barcode = `LSB${Date.now()}`;
  const note = await newNote(db, barcode);
  const other = await newNote(db);
  const [unknown, unasked] = await unknownEans(db, 2);
  if (!unknown || !unasked) throw new Error('no unknown code');
  const detail = page.getByTestId('delivery-note-detail');

  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/delivery-notes', {
    timeout: 30_000,
  });
  await page.goto('/delivery-note-processing');
  // The list of a busy test server takes its time: its answer first, then the note in it.
  await listed;
  await expect(page.getByRole('button', { name: note.number })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  // The printed code of the note, scanned on the list, opens it (as Warenverprobung takes a document's code).
  await scannerBurst(page, barcode);
  await expect(detail).toContainText(`Lieferschein ${note.number}`);
  await expect(page.locator('[data-testid^="scanner-flash-"]')).toHaveCount(0);
  await readmeScreen(page, 'delivery-note-by-barcode');

  // A code no article carries: answered at once with the code and the error tone, nothing counted.
  const flashes = await recordFlashes(page);
  await scannerBurst(page, unknown);
  await expect(page.getByTestId('note-message')).toHaveText(`Code ${unknown} ist nicht auf diesem Lieferschein`);
  await expect.poll(flashes).toEqual(['error']);
  await expect(page.getByTestId('note-outbox')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await readmeScreen(page, 'delivery-note-unknown-code');

  // A code the server could not be asked about (the lookup is cut) is counted as read; the server refuses it
  // later, and the refusal names the code, on this note only.
  await page.route('**/api/v1/articles/lookup/**', (route) => route.abort());
  await scannerBurst(page, unasked);
  const setAside = page.getByTestId('note-set-aside');
  await expect(setAside).toContainText(`Lieferschein ${note.number}, Code ${unasked}`, { timeout: 20_000 });
  await page.unroute('**/api/v1/articles/lookup/**');

  // Another note, opened by its bare number: neither the message nor the refusal of the first follows it.
  await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(page.getByRole('button', { name: other.number })).toBeVisible();
  await scannerBurst(page, other.number);
  await expect(detail).toContainText(`Lieferschein ${other.number}`);
  await expect(setAside).toHaveCount(0);
  await expect(page.getByTestId('note-message')).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('Lieferschein fully offline: counted by scans, corrected and booked without network, sent once when back', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  const note = await newNote(db);
  const [scanned, corrected] = note.lines;
  if (!scanned || !corrected) throw new Error('note too short');
  const before = await stockOf(db, scanned.article_id);

  // One online visit of the overview puts the notes due around today on the device.
  await waitForOfflineReadiness(page);
  const copied = page.waitForResponse((r) => r.url().endsWith('/api/v1/delivery-notes/offline') && r.ok());
  await openFromMenu(page, 'Lieferscheine');
  await copied;
  await expect(page.getByRole('button', { name: note.number })).toBeVisible();
  await openFromMenu(page, 'Übersicht');

  // The network goes before the screen opens; the note was never opened on this device.
  await context.setOffline(true);
  await openFromMenu(page, 'Lieferscheine');
  await page.getByRole('button', { name: note.number }).click();
  await expect(page.getByTestId('delivery-note-detail')).toContainText(`Lieferschein ${note.number}`);
  await expect(page.getByTestId('note-line')).toHaveCount(await lineCount(db, note.id));
  await expect(page.getByText('Ohne Verbindung: Zählungen, Korrekturen und die Buchung')).toBeVisible();

  for (let i = 1; i <= 3; i++) {
    await scannerBurst(page, scanned.ean13);
    await expect(line(page, scanned.number)).toContainText(`Gezählt ${pieces(i, scanned.factor)} `);
  }
  await expect(page.getByTestId('note-status')).toHaveText('in Prüfung');
  await line(page, corrected.number).getByRole('button', { name: 'Menge korrigieren' }).click();
  await page.getByLabel(`Gezählte Menge ${corrected.number}`).fill('2');
  await line(page, corrected.number).getByRole('button', { name: 'Übernehmen' }).click();
  await expect(line(page, corrected.number)).toContainText('Gezählt 2 ');
  await expect(page.getByTestId('note-outbox')).toHaveText('4 Änderungen warten auf Übertragung');

  // A reload without network loses nothing: the changes are on disk, the note comes from the device.
  await page.reload();
  await expect(line(page, scanned.number)).toContainText(`Gezählt ${pieces(3, scanned.factor)} `);
  await expect(line(page, corrected.number)).toContainText('Gezählt 2 ');
  await expect(page.getByTestId('note-outbox')).toHaveText('4 Änderungen warten auf Übertragung');

  await page.getByRole('button', { name: 'Buchen', exact: true }).click();
  // Fewer pieces counted than delivered: the booking warns, going on counting first.
  await page.getByRole('button', { name: 'Trotzdem buchen' }).click();
  await expect(page.getByTestId('note-booking-pending')).toBeVisible();
  await expect(page.getByTestId('note-outbox')).toHaveText('5 Änderungen warten auf Übertragung');
  await expect(page.getByRole('button', { name: 'Artikel scannen' })).toHaveCount(0);
  expect(await countsOf(db, note.id)).toEqual([]);

  // Back online the outbox drains in order; the server has each count once and the note is booked.
  await context.setOffline(false);
  await expect(page.getByTestId('note-status')).toHaveText('gebucht', { timeout: 20_000 });
  await expect(page.getByTestId('note-outbox')).toHaveCount(0);
  await expect(page.getByText(/Gebucht am .* von Dana Demo/)).toBeVisible();
  const counts = await countsOf(db, note.id);
  expect(counts.find((c) => c.article_id === scanned.article_id)?.counted).toBeCloseTo(3, 3);
  expect(counts.find((c) => c.article_id === corrected.article_id)?.counted).toBeCloseTo(2 * corrected.factor, 3);
  const changes = await db.query<{ n: string }>(
    'select count(*)::text as n from goods_receipt_change where receipt_id = $1',
    [note.id],
  );
  expect(Number(changes[0]?.n)).toBe(4);
  expect(await stockOf(db, scanned.article_id)).toBeCloseTo(before + 3, 3);

  const [total] = await db.query<{ q: string }>(
    'select sum(quantity)::text as q from article_stock where article_id = $1 and vkforg_id = 11',
    [scanned.article_id],
  );
  await page.goto(`/artikel-info/${scanned.article_id}`);
  await expect(page.getByRole('main')).toContainText(
    `Bestand: ${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(Number(total?.q))} `,
  );
});

test('a booking queued offline for a note someone books meanwhile is set aside with the reason; later changes still go', async ({
  loggedInPage: page,
  context,
  request,
  db,
}) => {
  const booked = await newNote(db);
  const counted = await newNote(db);
  const [article] = counted.lines;
  if (!article) throw new Error('note too short');
  await waitForOfflineReadiness(page);
  const copied = page.waitForResponse((r) => r.url().endsWith('/api/v1/delivery-notes/offline') && r.ok());
  await openFromMenu(page, 'Lieferscheine');
  await copied;

  await context.setOffline(true);
  await page.getByRole('button', { name: booked.number }).click();
  await page.getByRole('button', { name: 'Buchen', exact: true }).click();
  // Fewer pieces counted than delivered: the booking warns, going on counting first.
  await page.getByRole('button', { name: 'Trotzdem buchen' }).click();
  await expect(page.getByTestId('note-booking-pending')).toBeVisible();
  await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await page.getByRole('button', { name: counted.number }).click();
  await scannerBurst(page, article.ean13);
  await expect(page.getByTestId('note-outbox')).toHaveText('2 Änderungen warten auf Übertragung');

  // Another device books the first note while this one has no network.
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  expect(login.status()).toBe(200);
  const other = await request.post(`/api/v1/delivery-notes/${booked.id}/booking`, {
    data: { changeId: crypto.randomUUID() },
  });
  expect(other.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByTestId('note-outbox')).toHaveCount(0, { timeout: 20_000 });
  await expect(line(page, article.number)).toContainText(`Gezählt ${pieces(1, article.factor)} `);
  // The refusal belongs to the booked note: not shown on this one; on the list and on its own note.
  const aside = page.getByTestId('note-set-aside');
  await expect(aside).toHaveCount(0);
  expect((await countsOf(db, counted.id)).find((c) => c.article_id === article.article_id)?.counted).toBeCloseTo(1, 3);
  const bookings = await db.query<{ n: string }>(
    'select count(*)::text as n from goods_receipt_change where receipt_id = $1',
    [booked.id],
  );
  expect(Number(bookings[0]?.n)).toBe(0);

  const refusal = `Lieferschein ${booked.number} wurde inzwischen von jemand anderem gebucht. Ihre Buchung wurde nicht übertragen.`;
  await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(aside).toContainText(refusal);
  await page.getByRole('button', { name: booked.number }).click();
  await expect(page.getByTestId('delivery-note-detail')).toContainText(`Lieferschein ${booked.number}`);
  await expect(aside).toContainText(refusal);
  await aside.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(aside).toHaveCount(0);
});

test('a delivery note sent by the ERP link is announced; the notification opens the note', async ({
  loggedInPage: page,
  request,
  db,
}) => {
  await clearNotifications(db, 'demo');
  // The link signs in as a user who edits delivery notes and sends the note.
  const { number, supplier, article } = await sendDeliveryNote(request, db, 'EDI-E2E');

  // The app opened after the note came asks for the count (on an open app the poll or the next screen
  // change does, unless the count is only seconds old).
  await page.goto('/');
  await expect(badge(page)).toContainText('1');
  await bell(page).click();
  await expect(entries(page).first()).toContainText('Lieferschein eingetroffen');
  await expect(entries(page).first()).toContainText(`${supplier.name}: Lieferschein ${number} ist eingetroffen.`);
  await entries(page)
    .first()
    .getByRole('button', { name: /^Lieferschein eingetroffen/ })
    .click();
  await expect(page).toHaveURL(/\/delivery-note-processing\?beleg=\d+$/);
  await expect(page.getByTestId('delivery-note-detail')).toContainText(`Lieferschein ${number}`);
  await expect(line(page, article.number)).toContainText('Erwartet 4 ');
});

const line = (page: Page, articleNumber: string) =>
  page.locator(`[data-testid="note-line"][data-article="${articleNumber}"]`);
const pieces = (n: number, factor: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(Math.round((n / factor) * 1000) / 1000);
const countsOf = async (db: Db, id: number) =>
  (
    await db.query<{ article_id: number; counted: string }>(
      'select article_id, counted::text as counted from goods_receipt_count where receipt_id = $1',
      [id],
    )
  ).map((r) => ({ article_id: r.article_id, counted: Number(r.counted) }));

const lineCount = async (db: Db, id: number) =>
  Number(
    (await db.query<{ n: string }>('select count(*)::text as n from goods_receipt_line where receipt_id = $1', [id]))[0]
      ?.n,
  );
