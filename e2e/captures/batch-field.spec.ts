import { expect, test } from '../fixtures';
import {
  backOnList,
  captureLines,
  demoArticles,
  openInventurList,
  scannerBurst,
  typeQuantity,
} from '../support/capture-page';
import { closeOpenCaptures, waitForOfflineReadiness } from '../support/offline-device';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Inventur per batch: a GS1 code carrying (01) GTIN, (17) best-before and (10) batch fills the form's batch and
// date; the line keeps them, offline too. Another batch of the same article is another line.

const MODULE = 'mde-inventur';
test.use({ viewport: { width: 360, height: 740 } });

/** A GS1 element string as a handheld sends a GS1 DataMatrix: (01) and (17) are fixed length, (10) ends it. */
const gs1 = (ean13: string, yymmdd: string, batch: string) => `010${ean13}17${yymmdd}10${batch}`;

test('a GS1 scan fills batch and best-before; Enter stores them; offline then online keeps them', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  test.setTimeout(180_000);
  await closeOpenCaptures(db, MODULE);
  const [article] = await demoArticles(db, 1, 5);
  if (!article) throw new Error('demo article missing');
  await openInventurList(page, { quick: false });

  await scannerBurst(page, gs1(article.ean13, '270200', 'LOT42A'));
  await expect(page).toHaveURL(new RegExp(`/${MODULE}/artikel-erfassen/${article.id}$`));
  await expect(page.getByLabel('Charge', { exact: true })).toHaveValue('LOT42A');
  // Day 00 is the month's last day (GS1 General Specifications AI 17).
  await expect(page.getByLabel('MHD', { exact: true })).toHaveValue('2027-02-28');
  await typeQuantity(page, '5');
  await backOnList(page, MODULE);
  await expect(captureLines(page)).toHaveCount(1);
  await expect(captureLines(page).first().getByTestId('line-batch')).toHaveText('Charge: LOT42A · MHD: 28.02.27');

  await waitForOfflineReadiness(page);
  await context.setOffline(true);
  await scannerBurst(page, gs1(article.ean13, '271015', 'LOT7'));
  await expect(page.getByLabel('Charge', { exact: true })).toHaveValue('LOT7');
  await typeQuantity(page, '2');
  await backOnList(page, MODULE);
  // Another batch: a line of its own, no add-or-replace question.
  await expect(captureLines(page)).toHaveCount(2);
  await expect(captureLines(page).first().getByTestId('line-batch')).toHaveText('Charge: LOT7 · MHD: 15.10.27');

  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-waiting', '0', { timeout: 30_000 });
  await expect
    .poll(async () =>
      (
        await db.query<{ batch: string; best_before: string; quantity: number }>(
          `select l.batch, to_char(l.best_before, 'YYYY-MM-DD') as best_before, l.quantity::float as quantity
             from capture_line l join capture c on c.id = l.capture_id join app_user u on u.id = c.user_id
            where c.module = 'inventory-count' and u.username = 'demo' and c.status = 'open' and not l.deleted
            order by l.id`,
        )
      ).map((r) => [r.batch, r.best_before, r.quantity]),
    )
    .toEqual([
      ['LOT42A', '2027-02-28', 5],
      ['LOT7', '2027-10-15', 2],
    ]);
  await page.reload();
  await expect(captureLines(page)).toHaveCount(2);
  await expect(captureLines(page).nth(1).getByTestId('line-batch')).toHaveText('Charge: LOT42A · MHD: 28.02.27');
});
