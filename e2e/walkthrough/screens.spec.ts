import { expect, test } from '../fixtures';
import { captureArticle, clearOpenCapture, demoArticles, openInventurList } from '../support/capture-page';
import { stoppedMoving } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// The README's pictures: the main screens at 360 px with a day's data, written to docs/screens/ when
// SCREENS=1 (npm test leaves the committed files alone). Each is checked to show what its name says. The
// Warenverprobung comparison and a Lieferschein are taken by their journeys, where those screens stand.

// One pixel per CSS pixel keeps the committed files small.
test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });

test('overview, an Inventur list, the article detail and the gift-card start at 360 px', async ({
  loggedInPage: page,
  db,
}) => {
  const shot = async (name: string) => {
    await stoppedMoving(page);
    await readmeScreen(page, name);
  };
  await expect(page.getByRole('link', { name: /Inventur/ }).first()).toBeVisible();
  await shot('overview');

  await clearOpenCapture(page, 'mde-inventur');
  await openInventurList(page, { quick: false });
  for (const a of await demoArticles(db, 3, 10)) await captureArticle(page, 'mde-inventur', a, '12');
  await expect(page.getByTestId('capture-line')).toHaveCount(3);
  // the picture shows the list as it settles: every line on the server
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 20_000 });
  await shot('inventur-list');

  const [article] = await demoArticles(db, 1);
  await page.goto(`/artikel-info/${article?.id}`);
  await expect(page.getByRole('heading', { name: article?.designation1 })).toBeVisible();
  await shot('article-detail');

  await page.goto('/gutscheinkarten');
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toBeVisible();
  await shot('gift-card-start');
});
