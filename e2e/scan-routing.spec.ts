import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  captureLines,
  clearOpenCapture,
  type DemoArticle,
  demoArticles,
  scannerBurst,
  serverLines,
} from './support/capture-page';

// A scan goes only to the screen that waits for it: a scan on a screen that takes none is dropped with an
// error, never replayed into a capture list later; a scan fired while a capture list opens still lands there.

const MODULE = 'mde-inventur';
const NOT_HERE = 'Scan hier nicht möglich';

/** In-app navigation through the menu (a reload would empty the scanner's memory and prove nothing). */
async function viaMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  await page.getByRole('navigation', { name: 'Menü' }).getByRole('link', { name: entry, exact: true }).click();
}

/** Inventur header (warehouse, date) set and Schnellerfassung on: every scan on the list would add one. */
async function inventoryWithQuickMode(page: Page) {
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
  const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  await quick.click();
  await expect(quick).toBeChecked();
}

/** The 'Scan hier nicht möglich' message appeared; closed again so the next check sees a fresh one. */
async function sawNotHere(page: Page) {
  const message = page.getByRole('alert').filter({ hasText: NOT_HERE });
  await expect.soft(message.first()).toBeVisible({ timeout: 10_000 });
  for (const m of await message.all()) await m.getByRole('button').click();
  await expect(message).toHaveCount(0);
}

test.describe('Scan routing', () => {
  let a: DemoArticle;
  let b: DemoArticle;
  let c: DemoArticle;
  let d: DemoArticle;
  test.beforeEach(async ({ loggedInPage: page, db }) => {
    [a, b, c, d] = (await demoArticles(db, 4, 10)) as [DemoArticle, DemoArticle, DemoArticle, DemoArticle];
    await clearOpenCapture(page, MODULE);
  });

  test('scans on screens that take none are dropped with an error and never become Inventur lines', async ({
    loggedInPage: page,
    db,
  }) => {
    await inventoryWithQuickMode(page);

    await viaMenu(page, 'Übersicht');
    await expect(page).toHaveURL(/\/$/);
    await scannerBurst(page, a.ean13);
    await sawNotHere(page);

    await viaMenu(page, 'Einstellungen');
    await expect(page).toHaveURL(/\/settings$/);
    await scannerBurst(page, b.ean13);
    await sawNotHere(page);

    // Artikel-Info: a scan on the list opens the article; a scan on its detail opens the next one.
    await viaMenu(page, 'Artikel-Info');
    await expect(page.getByLabel('Artikel suchen')).toBeVisible();
    await scannerBurst(page, c.ean13);
    await expect(page).toHaveURL(new RegExp(`/artikel-info/${c.id}$`));
    await expect(page.getByRole('heading', { name: c.designation1 })).toBeVisible();
    await scannerBurst(page, d.ean13);
    await expect.soft(page).toHaveURL(new RegExp(`/artikel-info/${d.id}$`));
    await expect.soft(page.getByRole('heading', { name: d.designation1 })).toBeVisible();

    await viaMenu(page, 'Inventur');
    await expect(page).toHaveURL(/\/mde-inventur$/);
    await expect(page.getByTestId('capture-list')).toBeVisible();
    // Long enough for any replayed scan to have been saved and synced.
    await page.waitForTimeout(1500);
    await expect(captureLines(page)).toHaveCount(0);
    expect(await serverLines(db, MODULE)).toEqual([]);
  });

  test('a scan fired right as the capture list opens lands on it', async ({ loggedInPage: page, db }) => {
    await inventoryWithQuickMode(page);
    await viaMenu(page, 'Übersicht');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
    await expect(page.locator(`main a[href="/${MODULE}"]`)).toBeVisible();
    // The tap on the Inventur tile and the trigger pull in one go: the scan is made on the overview.
    await page.evaluate(
      ({ code, module }) => {
        // The keys are made first: each key's time is the scanner's, not when the page got round to it.
        const keys = [...code, 'Enter'].map(
          (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
        (document.querySelector(`main a[href="/${module}"]`) as HTMLAnchorElement).click();
        for (const key of keys) document.body.dispatchEvent(key);
      },
      { code: a.ean13, module: MODULE },
    );
    await expect(page).toHaveURL(/\/mde-inventur$/);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(captureLines(page).first().getByTestId('line-quantity')).toHaveText(/^1 /);
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity]))
      .toEqual([[a.id, 1]]);
    await expect(page.getByRole('alert').filter({ hasText: NOT_HERE })).toHaveCount(0);
  });

  test('a scan the moment the header is saved lands on the list the header step opens, never "Kopfdaten" refused', async ({
    loggedInPage: page,
  }) => {
    // A fresh device: the header step read no header, the list opens with the one just saved.
    await page.goto('/mde-inventur/start');
    await page.getByRole('combobox', { name: 'Lager' }).click();
    await page.getByRole('option', { name: /Kühlhaus/ }).click();
    await expect(page.locator('html[data-wedge="listening"]')).toHaveCount(1);
    // The trigger is pulled as the address turns to the list, before the list is drawn.
    await page.evaluate((code) => {
      const nav = (globalThis as { navigation?: EventTarget }).navigation;
      if (!nav) throw new Error('Navigation API missing');
      const fire = () => {
        if (location.pathname !== '/mde-inventur') return;
        nav.removeEventListener('currententrychange', fire);
        const keys = [...code, 'Enter'].map(
          (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
        for (const key of keys) document.body.dispatchEvent(key);
      };
      nav.addEventListener('currententrychange', fire);
    }, a.ean13);
    await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${a.id}$`));
    await expect(page.getByRole('heading', { name: a.designation1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Kopfdaten' })).toHaveCount(0);
  });

  test('a scan during start-up is heard at once: the capture list takes it once it is there, the overview refuses it', async ({
    loggedInPage: page,
    db,
  }) => {
    await inventoryWithQuickMode(page);
    // The trigger is pulled the moment the listener runs after a reload, before any screen has rendered.
    await page.addInitScript((code) => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.wedge !== 'listening') return;
        observer.disconnect();
        (window as { __earlyScan?: { atMs: number; rendered: boolean } }).__earlyScan = {
          atMs: performance.now(),
          rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
        };
        const keys = [...code, 'Enter'].map(
          (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
        for (const key of keys) document.dispatchEvent(key);
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-wedge'] });
    }, a.ean13);
    await page.reload();
    await expect(page).toHaveURL(/\/mde-inventur$/);
    expect(await page.evaluate(() => (window as { __earlyScan?: { rendered: boolean } }).__earlyScan?.rendered)).toBe(
      false,
    );
    await expect(captureLines(page)).toHaveCount(1);
    await expect(captureLines(page).first().getByTestId('line-quantity')).toHaveText(/^1 /);
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity]))
      .toEqual([[a.id, 1]]);

    // The same on the overview, which takes no scan: refused with the error, never added to the Inventur.
    await page.goto('/');
    await sawNotHere(page);
    await viaMenu(page, 'Inventur');
    await expect(page.getByTestId('capture-list')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(captureLines(page)).toHaveCount(1);
    expect((await serverLines(db, MODULE)).map((r) => [r.article_id, r.quantity])).toEqual([[a.id, 1]]);
  });
});
