import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginViaForm, test } from '../fixtures';
import {
  backOnList,
  captureLines,
  clearOpenCapture,
  demoArticles,
  openInventurList,
  scannerBurst,
  serverLines,
} from '../support/capture-page';
import { controlledByServiceWorker } from '../support/service-worker';

// Nothing typed is lost: neither an update of the app nor a logout throws away what the user entered.

const MODULE = 'mde-inventur';
const SW_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/sw.js');

/**
 * A new version of the app is deployed: the server now serves a changed service worker, as after a build.
 * The original is put back by the returned function.
 */
function deployNewWorker(): () => void {
  const original = fs.readFileSync(SW_FILE);
  fs.writeFileSync(SW_FILE, Buffer.concat([original, Buffer.from(`\n// deployed ${Date.now()}\n`)]));
  return () => fs.writeFileSync(SW_FILE, original);
}

test.describe('Update während der Erfassung', () => {
  test('"Ja" on the update prompt mid-entry keeps the typed quantity; the update is offered again after saving', async ({
    loggedInPage: page,
    db,
  }) => {
    test.setTimeout(120_000);
    await clearOpenCapture(page, MODULE);
    const [article] = await demoArticles(db, 1, 40);
    if (!article) throw new Error('demo article missing');
    await controlledByServiceWorker(page);
    await openInventurList(page, { quick: false });
    await scannerBurst(page, article.ean13);
    await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
    const quantity = page.getByLabel('Menge', { exact: true });
    await quantity.fill('7');

    const restore = deployNewWorker();
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('dialog', { name: 'Update bereit' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await prompt.getByRole('button', { name: 'Ja' }).click();

      // The update waits for the entry: the user is told so, and the quantity is still there.
      await expect(
        page.getByText('Ihre Eingabe ist noch nicht gespeichert. Das Update wird Ihnen danach erneut angeboten.'),
      ).toBeVisible();
      await expect(quantity).toHaveValue('7');
      await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));

      await quantity.press('Enter');
      await backOnList(page, MODULE);
      await expect(captureLines(page)).toHaveCount(1);

      // Saved: now the update is offered again and reloads the app.
      await expect(prompt).toBeVisible({ timeout: 15_000 });
      await prompt.getByRole('button', { name: 'Ja' }).click();
      await expect(page.getByText('Die App wurde aktualisiert.')).toBeVisible({ timeout: 30_000 });
      await expect(captureLines(page)).toHaveCount(1);
      await expect.poll(async () => (await serverLines(db, MODULE)).map((l) => l.quantity)).toEqual([7]);
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
