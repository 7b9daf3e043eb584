import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  backOnList,
  captureLines,
  type DemoArticle,
  demoArticles,
  expectArticleOpened,
  exportedDocuments,
  isoDay,
  openExportDialog,
  scannerBurst,
  typeQuantity,
} from '../support/capture-page';
import {
  closeOpenCaptures,
  contextNames,
  openFromMenu,
  unknownEans,
  waitForOfflineReadiness,
} from '../support/offline-device';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

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

interface ModuleStart {
  module: string;
  /** Starts the capture without network: the header step, as a person fills it. */
  start: (page: Page) => Promise<void>;
  reason?: boolean;
}

const MODULES: ModuleStart[] = [
  {
    module: 'mde-bestellvorschlag',
    start: async (page) => {
      await page.goto('/mde-bestellvorschlag/liefertermin');
      await page.getByLabel('Liefertermin').fill(isoDay(3));
      await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    },
  },
  {
    module: 'mde-bestellung',
    start: async (page) => {
      await page.goto('/mde-bestellung/start');
      await page.getByLabel('Liefertermin').fill(isoDay(2));
      await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    },
  },
  {
    module: 'mde-inventur',
    start: async (page) => {
      await page.goto('/mde-inventur/start');
      const lager = page.getByRole('combobox', { name: 'Lager' });
      await expect(lager).toBeEnabled();
      await lager.click();
      await page.getByRole('option', { name: /Kühlhaus/ }).click();
      await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    },
  },
  {
    module: 'mde-artikelvorrat',
    start: async (page) => {
      await page.goto('/mde-artikelvorrat/beleg-auswahl');
      await page.getByRole('link', { name: 'Neuen Beleg beginnen' }).click();
      await expect(page).toHaveURL(/\/mde-artikelvorrat\/artikel-erfassen\/suche$/);
    },
  },
  {
    module: 'mde-retouren',
    reason: true,
    start: async (page) => {
      await page.goto('/mde-retouren/eingabe-belegdatum');
      await page.getByLabel('Belegdatum').fill(isoDay(0));
      await page.getByLabel('Lieferant suchen (Name oder Nummer)').fill('Nordmilch');
      await page.getByRole('radio', { name: /Nordmilch Molkerei eG/ }).click();
      await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    },
  },
];

/** The article's form, a reason where the module asks for one, the quantity; back on the list. */
async function fillForm(page: Page, m: ModuleStart, article: DemoArticle, quantity: string) {
  await expect(page.getByRole('heading', { name: article.designation1 })).toBeVisible({ timeout: 5_000 });
  const reason = page.getByRole('combobox', { name: 'Rückgabegrund' });
  // An edited line keeps its reason.
  if (m.reason && (await reason.inputValue()) === '') {
    await reason.click();
    await page.getByRole('option', { name: 'defekt' }).click();
  }
  await typeQuantity(page, quantity);
  await backOnList(page, m.module);
}

test('every capture module is started, filled, edited and exported offline; the exports go out once online', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  test.setTimeout(240_000);
  for (const m of MODULES) await closeOpenCaptures(db, m.module);
  const articles = await demoArticles(db, MODULES.length, 60);
  const [{ last } = { last: 0 }] = await db.query<{ last: number }>(
    'select coalesce(max(id), 0)::int as last from capture_document',
  );
  const newDocuments = async () => (await db.query('select 1 from capture_document where id > $1', [last])).length;
  await page.goto('/artikel-info');
  await waitForOfflineReadiness(page);
  await context.setOffline(true);

  for (const [i, m] of MODULES.entries()) {
    const article = articles[i];
    if (!article) throw new Error('demo article missing');
    await m.start(page);
    await scannerBurst(page, article.ean13);
    await expectArticleOpened(page, m.module, article);
    await fillForm(page, m, article, '2');
    // Edited on the list: the line's own form, the new quantity replaces the old.
    const line = page.locator(`[data-testid="capture-line"][data-article="${article.number}"]`);
    await line.getByRole('button', { name: 'Position bearbeiten' }).click();
    await fillForm(page, m, article, '5');
    await expect(captureLines(page)).toHaveCount(1);
    await expect(line.getByTestId('line-quantity')).toHaveText(/^5\b/);
    const dialog = await openExportDialog(page);
    const edi = dialog.getByText('Nein', { exact: true });
    if (await edi.isVisible()) await edi.click();
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'queued');
    await expect(page.getByTestId('export-result')).toContainText(
      'Der Export wartet auf eine Verbindung und wird dann gesendet.',
    );
  }
  // Nothing reached the server while offline: the exports wait on the device.
  expect(await newDocuments()).toBe(0);

  await context.setOffline(false);
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 60_000 });
  for (const [i, m] of MODULES.entries()) {
    const docs = await exportedDocuments(db, m.module);
    expect(
      docs.reduce((sum, d) => sum + d.line_count, 0),
      m.module,
    ).toBe(1);
    const lines = await db.query<{ article_id: number; quantity: number }>(
      'select article_id, quantity::float as quantity from capture_line where document_id = any($1)',
      [docs.map((d) => d.id)],
    );
    expect(lines, m.module).toEqual([{ article_id: articles[i]?.id, quantity: 5 }]);
  }
});
