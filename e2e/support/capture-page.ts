import { captureModuleFromLegacyKey } from '@mde/contracts';
import { expect, type Page } from '@playwright/test';
import type { Db } from '../fixtures';

// Shared steps of the capture journeys: what a person does with the handheld in the aisle.

/**
 * The journeys name a module by its route, as a person sees it in the address bar; the API and the database
 * key it by its glossary name.
 */
export const moduleKey = (route: string) => captureModuleFromLegacyKey(route) ?? route;

export interface DemoArticle {
  id: number;
  number: string;
  designation1: string;
  ean13: string;
  baseUnit: string;
}

/** Demo articles of firma 1 that have an EAN-13 on the base unit and a main supplier, in article order. */
export async function demoArticles(db: Db, count: number, offset = 0): Promise<DemoArticle[]> {
  const rows = await db.query<{ id: number; number: string; designation1: string; gtin14: string; base_unit: string }>(
    `select distinct on (a.id) a.id, a.number, a.designation1, c.gtin14, a.base_unit
       from article a
       join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
       join article_supplier s on s.article_id = a.id and s.is_main
       join article_listing l on l.article_id = a.id and l.vkforg_id = 11
      where a.firma_id = 1
      order by a.id, c.gtin14
      offset $1 limit $2`,
    [offset, count],
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    designation1: r.designation1,
    ean13: r.gtin14.slice(1),
    baseUnit: r.base_unit,
  }));
}

/**
 * A scanner's burst dispatched inside the page in one go, for long scan series. Playwright sends keys over CDP one
 * round trip at a time; on a loaded machine a key can arrive 50 ms late and split the burst, which a scanner
 * (whose keys carry the device's own timestamps) never does.
 */
export async function wedgeBurst(page: Page, code: string) {
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  await page.evaluate((text) => {
    // Made before the first is sent, as in scannerBurst: each key's time is the scanner's, not the page's.
    const keys = [...text, 'Enter'].map(
      (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
    for (const key of keys) (document.activeElement ?? document.body).dispatchEvent(key);
  }, code);
}

/** Types a quantity as a person does (slower than a scanner) and confirms it with Enter. */
export async function typeQuantity(page: Page, quantity: string) {
  const field = page.getByLabel('Menge', { exact: true });
  await expect(field).toBeVisible();
  await field.fill(quantity);
  await page.waitForTimeout(60);
  await field.press('Enter');
}

export const captureLines = (page: Page) => page.getByTestId('capture-line');

/** The capture form's quantity field. */
export const quantityField = (page: Page) => page.getByLabel('Menge', { exact: true });

/** The list has replaced the capture screen (the navigation is a transition: the URL changes first). */
export async function backOnList(page: Page, module: string) {
  await expect(page).toHaveURL(new RegExp(`/${module}$`));
  await expect(page.getByTestId('article-capture')).toHaveCount(0);
  await expect(page.getByTestId('capture-list')).toBeVisible();
}

/**
 * One article from the list: scan, wait for its own capture screen (on a slow device a quantity typed before
 * it shows would land on the screen that is leaving), type the quantity, back on the list.
 */
export async function captureArticle(page: Page, module: string, article: DemoArticle, quantity: string) {
  await scannerBurst(page, article.ean13);
  await expectArticleOpened(page, module, article);
  await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible();
  await typeQuantity(page, quantity);
  await backOnList(page, module);
}

/**
 * The scan has opened the article's entry (its address). When it has not, the failure says how far the scan got:
 * its phases (User Timing marks `scan:*`, ms since the page started), the addresses of the tab's history and
 * the messages on screen: a scan that went missing on a loaded machine is then told apart from a slow one.
 */
export async function expectArticleOpened(page: Page, module: string, article: Pick<DemoArticle, 'id'>) {
  try {
    await expect(page).toHaveURL(new RegExp(`/${module}/artikel-erfassen/${article.id}$`));
  } catch (error) {
    const trail = await page.evaluate(() => {
      const nav = (
        globalThis as { navigation?: { entries(): { url: string | null }[]; currentEntry?: { index: number } } }
      ).navigation;
      return {
        now: Math.round(performance.now()),
        marks: performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('scan:'))
          .map((m) => `${m.name}@${Math.round(m.startTime)}`),
        history: nav?.entries().map((e) => (e.url ? new URL(e.url).pathname : '?')) ?? [],
        at: nav?.currentEntry?.index,
      };
    });
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nscan trail: ${JSON.stringify({ ...trail, alerts })}`,
    );
  }
}

/** The server's rows of the user's open capture of a module (checked in the database, not the UI). */
export async function serverLines(db: Db, module: string, username = 'demo') {
  return db.query<{
    client_id: string;
    article_id: number;
    quantity: number;
    unit: string;
    storage_location: string | null;
  }>(
    `select l.client_id, l.article_id, l.quantity::float as quantity, l.unit, l.storage_location
       from capture_line l
       join capture c on c.id = l.capture_id
       join app_user u on u.id = c.user_id
      where c.module = $1 and u.username = $2 and c.status = 'open' and not l.deleted
      order by l.id`,
    [moduleKey(module), username],
  );
}

/**
 * Starts a journey from an empty list: deletes the lines of the user's open capture of the module through
 * the API (other journeys of the same run may have left lines there; each test has a fresh device).
 */
export async function clearOpenCapture(page: Page, module: string) {
  const res = await page.request.get(`/api/v1/captures/${moduleKey(module)}`);
  expect(res.status()).toBe(200);
  const capture = (await res.json()) as { lines: { clientId: string }[] };
  for (const line of capture.lines) {
    const del = await page.request.delete(`/api/v1/captures/${moduleKey(module)}/lines/${line.clientId}`);
    expect(del.status()).toBe(200);
  }
}

/** 'YYYY-MM-DD' of today plus some days, in the browser's time zone (Europe/Berlin). */
export function isoDay(daysFromToday: number) {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(d);
}

/** 'dd.MM.yy' as the capture screens show a date. */
export const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

/**
 * The list shows a header value the journey set on the server: the list's first pull has brought the header to
 * the device. Before that the list asks for the header and refuses scans (its labels show at once, the values
 * with the header).
 */
export async function headerArrived(page: Page, value: string) {
  await expect(page.getByTestId('capture-header')).toContainText(value);
}

/** Opens the save-and-export dialog of the capture list. */
export async function openExportDialog(page: Page) {
  await page.getByRole('button', { name: 'Speichern und exportieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Speichern und exportieren' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The documents (Belege) an export of the user's capture of a module created, newest capture first. */
export async function exportedDocuments(db: Db, module: string, username = 'demo') {
  return db.query<{
    id: number;
    number: string;
    capture_id: number;
    supplier_id: number | null;
    edi: boolean | null;
    datum: string | null;
    belegdatum: string | null;
    line_count: number;
  }>(
    `select d.id, d.number, d.capture_id, d.supplier_id, d.edi, to_char(d.datum, 'YYYY-MM-DD') as datum,
            to_char(d.belegdatum, 'YYYY-MM-DD') as belegdatum,
            (select count(*)::int from capture_line l where l.document_id = d.id) as line_count
       from capture_document d
       join app_user u on u.id = d.user_id
      where d.module = $1 and u.username = $2
        and d.capture_id = (select max(capture_id) from capture_document x where x.module = $1 and x.user_id = u.id)
      order by d.id`,
    [moduleKey(module), username],
  );
}

/**
 * A handheld scanner's burst delivered as the hardware does: all keys back to back, then Enter. Playwright's
 * key-by-key typing waits for the browser after every key, and on a busy 2-core test machine that wait
 * sometimes exceeds the wedge detector's key interval, which then (rightly) takes the keys for a person
 * typing and splits or truncates the code. The keys go through the app's own wedge listener, detector,
 * dedupe and scan queue exactly as typed ones do.
 */
export async function scannerBurst(page: Page, code: string | string[], settle = 250) {
  await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
  // Several codes go back to back in one burst: the second arrives while the app still answers the first.
  const codes = typeof code === 'string' ? [code] : code;
  await page.evaluate((texts) => {
    const target = document.activeElement ?? document.body;
    // Every key is made before the first is sent. A key's time is when it was made, as a scanner's keys carry
    // the device's own times: a page slow to answer one key (a loaded machine) must not make the next one late.
    const keys = texts
      .flatMap((text) => [...text, 'Enter'])
      .flatMap((key) =>
        ['keydown', 'keyup'].map(
          (type) => new KeyboardEvent(type, { key, bubbles: true, cancelable: true, composed: true }),
        ),
      );
    for (const key of keys) target.dispatchEvent(key);
  }, codes);
  if (settle > 0) await page.waitForTimeout(settle);
}

/**
 * Inventur list in the Kühlhaus, the way a worker opens it: start step, warehouse, then the list with
 * Schnellerfassung on (one scan = one piece) or off (every scan opens the capture screen).
 */
export async function openInventurList(page: Page, { quick }: { quick: boolean }) {
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
  const toggle = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  if ((await toggle.isChecked()) !== quick) await toggle.setChecked(quick);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
}
