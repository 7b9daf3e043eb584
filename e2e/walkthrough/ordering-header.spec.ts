import { expect, test } from '../fixtures';
import {
  captureArticle,
  captureLines,
  clearOpenCapture,
  demoArticles,
  isoDay,
  moduleKey,
  openExportDialog,
  shownDate,
} from '../support/capture-page';

// Store walkthrough, Bestellung on a 360 px phone: the Liefertermin is asked before the first scan (as Inventur
// asks its header), kept for the next order while it is still in the future, and called by one name.

const MODULE = 'mde-bestellung';

test.use({ viewport: { width: 360, height: 740 } });

test('no scan without a Liefertermin; the next order proposes the same one again', async ({
  loggedInPage: page,
  db,
}) => {
  await clearOpenCapture(page, MODULE);
  // the server's open order has no Liefertermin (a fresh device)
  const reset = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, { data: { datum: null } });
  expect(reset.status()).toBe(200);
  const [article, next] = await demoArticles(db, 2, 60);
  if (!article || !next) throw new Error('demo articles missing');

  await page.goto('/mde-bestellung');
  await expect(page).toHaveURL(/\/mde-bestellung\/start$/);
  const datum = isoDay(5);
  await page.getByLabel('Liefertermin').fill(datum);
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-bestellung$/);
  await captureArticle(page, MODULE, article, '2');

  const dialog = await openExportDialog(page);
  await dialog.getByText('Nein', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
  await expect(page.getByText('Nicht synchronisiert')).toHaveCount(0);

  // the next order starts with the same Liefertermin, on the device and on the server
  await expect(page.getByTestId('capture-header')).toContainText(`Liefertermin: ${shownDate(datum)}`);
  await page.reload();
  await expect(page).toHaveURL(/\/mde-bestellung$/);
  await captureArticle(page, MODULE, next, '1');
  await expect(captureLines(page)).toHaveCount(1);
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/captures/${moduleKey(MODULE)}`)).json()).header.datum)
    .toBe(datum);
});

test("the server's refusal speaks of the Liefertermin too", async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, MODULE);
  await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/header`, { data: { datum: null } });
  const [article] = await demoArticles(db, 1, 62);
  if (!article) throw new Error('demo article missing');
  const line = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/lines/${crypto.randomUUID()}`, {
    data: { articleId: article.id, quantity: 1, capturedAt: new Date().toISOString() },
  });
  expect(line.status()).toBe(200);
  const refused = await page.request.post(`/api/v1/captures/${moduleKey(MODULE)}/export`, {
    headers: { 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { edi: false },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect((await refused.json()).message).toBe('Bitte geben Sie zuerst den Liefertermin ein');
  await clearOpenCapture(page, MODULE);
});
