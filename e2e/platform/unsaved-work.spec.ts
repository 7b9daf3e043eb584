import fs from 'node:fs';
import path from 'node:path';
import { expect, holdPageClock, loginViaForm, test } from '../fixtures';
import {
  backOnList,
  captureLines,
  clearOpenCapture,
  demoArticles,
  openInventurList,
  scannerBurst,
  serverLines,
} from '../support/capture-page';
import { seriousAxeViolations } from '../support/layout-check';
import { controlledByServiceWorker } from '../support/service-worker';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Nothing typed is lost: neither an update of the app nor a logout throws away what the user entered.

const MODULE = 'mde-inventur';
// How long the person must leave the device alone before the update question comes (apps/web/src/pwa/update-gate.ts).
const UPDATE_QUIET_MS = 10_000;

/**
 * A new version of the app is deployed: the worker's server now serves a changed service worker, as after a
 * build. The original is put back by the returned function.
 */
function deployNewWorker(webDist: string): () => void {
  const file = path.join(webDist, 'ngsw-worker.js');
  const original = fs.readFileSync(file);
  fs.writeFileSync(file, Buffer.concat([original, Buffer.from(`\n// deployed ${Date.now()}\n`)]));
  return () => fs.writeFileSync(file, original);
}

test.describe('Update während der Erfassung', () => {
  test('the update question waits while a quantity is typed and until the device is left alone; after "Nein" a save does not bring it back', async ({
    loggedInPage: page,
    db,
    suiteServer,
  }) => {
    // The page's clock is held (page.clock): the quiet time and the minutes of unsaved input pass in an instant.
    await holdPageClock(page, 2 * 60_000);
    await clearOpenCapture(page, MODULE);
    const [article, second] = await demoArticles(db, 2, 40);
    if (!article || !second) throw new Error('demo article missing');
    await controlledByServiceWorker(page);
    await openInventurList(page, { quick: false });
    await scannerBurst(page, article.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
    const quantity = page.getByLabel('Menge', { exact: true });
    await quantity.fill('7');

    const restore = deployNewWorker(suiteServer.webDist);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting, null, {
        timeout: 30_000,
      });
      const prompt = page.getByRole('dialog', { name: 'Update bereit' });
      // Mid-entry nothing cuts in, however long the quantity stays unsaved.
      await page.clock.runFor(12_000);
      await expect(prompt).toHaveCount(0);
      await expect(quantity).toHaveValue('7');

      await quantity.press('Enter');
      await backOnList(page, MODULE);
      await expect(captureLines(page)).toHaveCount(1);
      // Not the moment after the save either: the question comes once the device is left alone.
      await expect(prompt).toHaveCount(0);
      // The app learns of the new version by a message round trip with its workers, which a busy machine can
      // make late; the question then waits UPDATE_QUIET_MS on the page's clock. The clock goes on in steps
      // until it is asked, so a late message cannot leave the question waiting for a clock no one moves.
      await expect
        .poll(
          async () => {
            await page.clock.runFor(UPDATE_QUIET_MS / 10);
            return prompt.isVisible();
          },
          { timeout: 30_000, intervals: [100] },
        )
        .toBe(true);
      await prompt.getByRole('button', { name: 'Nein' }).click();
      await expect(prompt).toHaveCount(0);

      // "Nein" holds: the next entry saved does not bring the question back.
      await scannerBurst(page, second.ean13);
      await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${second.id}$`));
      await quantity.fill('2');
      await quantity.press('Enter');
      await backOnList(page, MODULE);
      await expect(captureLines(page)).toHaveCount(2);
      await page.clock.runFor(15_000);
      await expect(prompt).toHaveCount(0);
      await expect.poll(async () => (await serverLines(db, MODULE)).map((l) => l.quantity).sort()).toEqual([2, 7]);
    } finally {
      restore();
    }
  });
});

test.describe('Abmelden mit wartenden Positionen', () => {
  test('logout offline with a waiting line asks first; cancel keeps the session, logout keeps the line', async ({
    loggedInPage: page,
    context,
    db,
  }) => {
    test.setTimeout(120_000);
    await clearOpenCapture(page, MODULE);
    const [article] = await demoArticles(db, 1, 41);
    if (!article) throw new Error('demo article missing');
    await controlledByServiceWorker(page);
    // Offline the capture screen finds the article in the device's article cache.
    await page.waitForFunction(() => window.__mdeArticleCache?.progress().state === 'complete', null, {
      timeout: 60_000,
      polling: 200,
    });
    await openInventurList(page, { quick: false });
    // Quick mode: one scan is one piece, saved on the device at once.
    await page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' }).check();
    await page.locator('body').click({ position: { x: 5, y: 5 } });

    await context.setOffline(true);
    await scannerBurst(page, article.ean13);
    await expect(captureLines(page)).toHaveCount(1);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');

    const logout = async () => {
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('navigation').getByText('Abmelden').click();
    };
    const question = page.getByRole('dialog', { name: 'Abmelden' });
    const sentence =
      'Es ist noch 1 Position nicht übertragen. Wenn Sie sich jetzt abmelden, wird sie erst nach der nächsten Anmeldung übertragen. Trotzdem abmelden?';

    await logout();
    await expect(question).toContainText(sentence);
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/mde-inventur$/);
    await expect(captureLines(page)).toHaveCount(1);

    await logout();
    await expect(question).toContainText(sentence);
    await question.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Sie wurden erfolgreich abgemeldet')).toBeVisible();
    expect(await serverLines(db, MODULE)).toEqual([]);
    // The login page says where the line is for as long as it is shown, not in a message that vanishes.
    const safe = page.getByText(
      '1 Position ist sicher auf diesem Gerät gespeichert und wird nach der nächsten Anmeldung übertragen.',
    );
    await expect(safe).toBeVisible();
    await expect(page.getByText('Sie wurden erfolgreich abgemeldet')).toHaveCount(0, { timeout: 10_000 });
    await expect(safe).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The line was kept on the device and goes out after the next login.
    await context.setOffline(false);
    await loginViaForm(page, 'demo');
    await expect(page).not.toHaveURL(/\/login/);
    await expect
      .poll(async () => (await serverLines(db, MODULE)).map((l) => l.quantity), { timeout: 30_000 })
      .toEqual([1]);
  });

  test('logout with nothing waiting asks nothing', async ({ loggedInPage: page }) => {
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('navigation').getByText('Abmelden').click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Sie wurden erfolgreich abgemeldet')).toBeVisible();
  });
});
