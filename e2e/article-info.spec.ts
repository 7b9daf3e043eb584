import type { Page } from '@playwright/test';
import { type Db, expect, test } from './fixtures';
import { wedgeBurst } from './support/capture-page';
import { controlledByServiceWorker } from './support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Artikel-Info journeys: what a person at the shelf does with the handheld.

interface DemoCode {
  id: number;
  number: string;
  designation1: string;
  ean13: string;
}

/** A demo article of firma 1 with its EAN-13, from the e2e database (the seed's fixed articles). */
async function demoArticle(db: Db, number: string): Promise<DemoCode> {
  const rows = await db.query<{ id: number; number: string; designation1: string; gtin14: string }>(
    `select a.id, a.number, a.designation1, c.gtin14 from article a
       join article_code c on c.article_id = a.id and c.code_type = 'ean13' and c.factor = 1
      where a.firma_id = 1 and a.number = $1 order by c.gtin14 limit 1`,
    [number],
  );
  const row = rows[0];
  if (!row) throw new Error(`demo article ${number} missing`);
  return { id: row.id, number: row.number, designation1: row.designation1, ean13: row.gtin14.slice(1) };
}

const rowOf = (page: Page, id: number) => page.locator(`[data-testid="article-row"][data-idartstamm="${id}"]`);

/**
 * A handheld scanner in keyboard-wedge mode: the burst of keys and Enter, dispatched inside the page in one go
 * (through the app's own wedge listener). Key-by-key typing over CDP is covered by scanner.spec.ts; here a late
 * key on a loaded machine would only split the burst, which a scanner's own timestamps never do.
 */
async function wedgeScan(page: Page, code: string) {
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await wedgeBurst(page, code);
  // The scanner's duplicate window passes before the next trigger pull.
  await page.waitForTimeout(250);
}

test.describe('Artikel-Info', () => {
  test('search, open the detail with all sections, add it to a new favorite list', async ({
    loggedInPage: page,
    db,
  }) => {
    const milk = await demoArticle(db, '100001');
    await page.goto('/artikel-info');
    await page.getByLabel('Artikel suchen').fill('Vollmilch');
    await rowOf(page, milk.id).getByRole('button', { name: milk.designation1 }).click();
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${milk.id}$`));
    await expect(page.getByRole('heading', { name: milk.designation1 })).toBeVisible();
    for (const section of [
      'Allgemein',
      'Preisstaffeln',
      'Bestand',
      'Einheiten',
      'Lagerplätze',
      'Lieferanten',
      'Umsatz',
    ]) {
      await expect(page.getByRole('button', { name: section, exact: true })).toBeVisible();
    }
    // Money and dates in German format.
    await expect(page.getByRole('table', { name: 'Preisstaffeln' })).toContainText('1,39 €');
    await page.getByRole('button', { name: 'Umsatz', exact: true }).click();
    await expect(page.getByTestId('turnover-chart')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Umsatz' })).toContainText('Summe');

    await page.getByRole('button', { name: 'Zu Favoriten hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zu Favoriten hinzufügen' });
    await dialog.getByLabel('Name der Liste').fill('Kühlregal E2E');
    await dialog.getByRole('button', { name: 'Neue Liste' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Kühlregal E2E' })).toBeChecked();
    await page.keyboard.press('Escape');

    const stored = await db.query<{ n: string }>(
      `select count(*)::text as n from favorite_list_article fa join favorite_list f on f.id = fa.list_id
        where f.name = 'Kühlregal E2E' and fa.article_id = $1`,
      [milk.id],
    );
    expect(stored[0]?.n).toBe('1');

    await page.getByRole('link', { name: 'Favoriten' }).click();
    await page.getByRole('button', { name: /^Kühlregal E2E 1 Artikel/ }).click();
    await expect(page).toHaveURL(/\/artikel-info\/favoriten\/[0-9]+$/);
    await expect(page.getByTestId('article-row')).toContainText(milk.designation1);
    await page.getByRole('button', { name: 'Aus der Liste entfernen' }).click();
    await expect(page.getByText('Keine Daten')).toBeVisible();

    // Rename and delete the list.
    await page.getByRole('link', { name: 'Favoriten' }).click();
    await page.getByRole('button', { name: 'Aktionen für Liste „Kühlregal E2E“' }).click();
    await page.getByRole('menuitem', { name: 'Umbenennen' }).click();
    const rename = page.getByRole('dialog', { name: 'Umbenennen' });
    await rename.getByLabel('Name der Liste').fill('Kühlregal Nord');
    await rename.getByRole('button', { name: 'Umbenennen' }).click();
    await expect(page.getByRole('button', { name: /^Kühlregal Nord 0 Artikel/ })).toBeVisible();
    await page.getByRole('button', { name: 'Aktionen für Liste „Kühlregal Nord“' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByRole('button', { name: /^Kühlregal Nord/ })).toHaveCount(0);
  });

  test('search history reopens an article and can be cleared', async ({ loggedInPage: page, db }) => {
    const juice = await demoArticle(db, '100002');
    await page.goto('/artikel-info');
    await page.getByLabel('Artikel suchen').fill('Apfelsaft');
    await page.getByLabel('Artikel suchen').press('Enter');
    await rowOf(page, juice.id).getByRole('button', { name: juice.designation1 }).click();
    await expect(page.getByRole('heading', { name: juice.designation1 })).toBeVisible();

    await page.getByRole('link', { name: 'Verlauf' }).click();
    const entries = page.getByTestId('history-entry');
    await expect(entries.filter({ hasText: juice.designation1 })).toBeVisible();
    await expect(entries.filter({ hasText: 'Apfelsaft' }).first()).toBeVisible();
    await entries.filter({ hasText: juice.designation1 }).click();
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${juice.id}$`));

    await page.getByRole('link', { name: 'Verlauf' }).click();
    await page.getByRole('button', { name: 'Verlauf löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Keine Daten')).toBeVisible();
  });

  test('a wedge scan on the list opens the article; an unknown code says so', async ({ loggedInPage: page, db }) => {
    const juice = await demoArticle(db, '100002');
    await page.goto('/artikel-info');
    await expect(page.getByLabel('Artikel suchen')).toBeVisible();
    await wedgeScan(page, '4009999999995');
    await expect(page.getByText('Unbekannter Code: 4009999999995')).toBeVisible();
    // A wrong check digit is a misread, never another article.
    await wedgeScan(page, '4009999999993');
    await expect(page.getByText('Prüfziffer ungültig – bitte erneut scannen')).toBeVisible();
    await wedgeScan(page, juice.ean13);
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${juice.id}$`));
    await expect(page.getByRole('heading', { name: juice.designation1 })).toBeVisible();
  });

  test('scan list: each scan adds a row, a repeat counts up, a reload keeps it, clear empties it', async ({
    loggedInPage: page,
    db,
  }) => {
    const milk = await demoArticle(db, '100001');
    const juice = await demoArticle(db, '100002');
    await page.goto('/artikel-info/scan-liste');
    await expect(page.getByText('Keine Daten')).toBeVisible();
    await wedgeScan(page, milk.ean13);
    const milkRow = page.locator(`[data-testid="scan-row"][data-idartstamm="${milk.id}"]`);
    await expect(milkRow).toContainText('1,39 €');
    await expect(milkRow.getByTestId('scan-count')).toHaveText('1×');
    await wedgeScan(page, juice.ean13);
    await wedgeScan(page, milk.ean13);
    await expect(milkRow.getByTestId('scan-count')).toHaveText('2×');
    await expect(page.getByTestId('scan-row')).toHaveCount(2);
    // Newest scan on top.
    await expect(page.getByTestId('scan-row').first()).toHaveAttribute('data-idartstamm', String(milk.id));

    await page.reload();
    await expect(page.getByTestId('scan-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Liste leeren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Keine Daten')).toBeVisible();
  });

  test('offline: lookup by code and search answer from the article cache with its age', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    const juice = await demoArticle(db, '100002');
    await page.goto('/artikel-info');
    // May reload the page, so before the wait for the cache: the network must not go while the app starts.
    await controlledByServiceWorker(page);
    // The background sync after login fills the cache of vkforg 11.
    await expect(page.getByTestId('article-cache-progress')).toHaveAttribute('data-state', 'complete', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('article-cache-progress')).toContainText('Artikel offline verfügbar');

    await context.setOffline(true);
    await page.getByLabel('Artikel suchen').fill('Apfelsaft naturtrüb');
    await expect(page.getByTestId('offline-note')).toContainText('Stand:');
    await expect(rowOf(page, juice.id)).toBeVisible();
    await page.getByLabel('Artikel suchen').fill('');

    await wedgeScan(page, juice.ean13);
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${juice.id}$`));
    await expect(page.getByRole('heading', { name: juice.designation1 })).toBeVisible();
    await expect(page.getByTestId('offline-note')).toContainText('Stand:');
    await expect(page.getByRole('table', { name: 'Codes' })).toContainText(juice.ean13);
    await context.setOffline(false);
  });
});
