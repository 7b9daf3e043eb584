import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { captureArticle, captureLines, clearOpenCapture, demoArticles, moduleKey } from '../support/capture-page';

// Store walkthrough: two workers of one user count the same Inventur on two devices. docs/spec.md §3: the capture list
// is sorted by id descending, newest first, whatever device a line came from.

const MODULE = 'mde-inventur';

test('lines from another device take their place by id: the newest on top', async ({ loggedInPage: page, db }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await clearOpenCapture(page, MODULE);
  const [mine, first, second] = await demoArticles(db, 3, 20);
  if (!mine || !first || !second) throw new Error('demo articles missing');
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Verkaufsraum/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await captureArticle(page, MODULE, mine, '1');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0');

  // the colleague's device sends two lines after this one
  for (const article of [first, second]) {
    const res = await page.request.put(`/api/v1/captures/${moduleKey(MODULE)}/lines/${randomUUID()}`, {
      data: { articleId: article.id, quantity: 2, capturedAt: new Date().toISOString() },
    });
    expect(res.status()).toBe(200);
  }

  await page.reload();
  await expect(captureLines(page)).toHaveCount(3);
  const order = await captureLines(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-article')));
  expect(order).toEqual([second.number, first.number, mine.number]);

  // and a line scanned here now is newer than all of them
  const [next] = await demoArticles(db, 1, 23);
  if (!next) throw new Error('demo article missing');
  await captureArticle(page, MODULE, next, '1');
  await expect(captureLines(page).first()).toHaveAttribute('data-article', next.number);
});
