import { expect, test } from '../fixtures';
import { clearOpenCapture, demoArticles, openInventurList, serverLines, wedgeBurst } from '../support/capture-page';

// A sync request whose answer never comes (a connection that died half-way in a cold store, a proxy that holds
// it) must not hold the outbox: the request is given up after its deadline, and the next round sends the lines.

const MODULE = 'mde-inventur';
const SYNC = '**/api/v1/captures/sync';

test('a sync request left without an answer is given up, and the lines reach the server on the next round', async ({
  loggedInPage: page,
  db,
}) => {
  await clearOpenCapture(page, MODULE);
  const [article] = await demoArticles(db, 1, 41);
  if (!article) throw new Error('demo articles missing');
  await page.clock.install();
  await openInventurList(page, { quick: true });
  // The first sync request is taken and never answered; later ones go through.
  let held = 0;
  await page.route(SYNC, async (route) => {
    if (held++ === 0) return; // neither answered nor aborted
    await route.fallback();
  });
  await wedgeBurst(page, article.ean13);
  await expect(page.getByTestId('line-count')).toHaveText(/^1 Position/, { timeout: 15_000 });
  await expect.poll(() => held).toBe(1);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '1');
  // Past the request's deadline and the retry wait, the line goes again and arrives.
  await page.clock.runFor(75_000);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 15_000 });
  expect((await serverLines(db, MODULE)).map((r) => r.article_id)).toEqual([article.id]);
});
