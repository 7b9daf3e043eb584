import { EXPORT_SEEN_SECONDS } from '@mde/contracts';
import { expect, holdPageClock, test } from './fixtures';
import {
  captureLines,
  clearOpenCapture,
  demoArticles,
  openExportDialog,
  openInventurList,
  scannerBurst,
} from './support/capture-page';
import { seriousAxeViolations } from './support/layout-check';
import { badge, clearNotifications, entries, sendDeliveryNote } from './support/notifications-page';
import { readmeScreen } from './support/readme-screens';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A shift without friction: a real event reaches the open app's bell and a toast within seconds (the
// notification stream, not the minute poll); an export the worker saw succeed is no unread news, one that
// waited offline is.

test.use({ viewport: { width: 360, height: 740 } });

test('a delivery note arriving while the app is open shows in the bell and as a toast within 5 s; the toast stays until closed', async ({
  loggedInPage: page,
  request,
  db,
}) => {
  // The page's clock is held: the toast is seen to stay a minute in an instant.
  await page.clock.install();
  await clearNotifications(db, 'demo');
  // The stream is open once its answer has begun: the server listens for the user before it answers.
  const streaming = page.waitForResponse((r) => r.url().includes('/api/v1/notifications/stream'));
  await page.goto('/');
  await expect(badge(page)).not.toContainText(/\d/);
  await streaming;
  const { number } = await sendDeliveryNote(request, db, 'EDI-SHIFT');
  const started = Date.now();
  // No navigation, no reload: the open screen is told.
  const toast = page.getByRole('alert').filter({ hasText: 'Lieferschein eingetroffen' });
  await expect(toast).toBeVisible({ timeout: 5000 });
  await expect(toast).toContainText(`Lieferschein ${number}`);
  await expect(badge(page)).toContainText('1', { timeout: 5000 - (Date.now() - started) });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Work waiting at the ramp: the toast stays until the worker closes it (other toasts go after seconds).
  await page.clock.runFor(60_000);
  await expect(toast).toBeVisible();
  await readmeScreen(page, 'delivery-note-arrived');
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
});

test('an online export makes no unread notification; one that waited offline does', async ({
  loggedInPage: page,
  context,
  db,
}) => {
  // The page's clock is held (page.clock): the export waits offline longer than EXPORT_SEEN_SECONDS in an instant.
  await holdPageClock(page, 2 * 60_000);
  await clearNotifications(db, 'demo');
  // Other journeys of the run may have left lines in demo's open Inventur.
  await clearOpenCapture(page, 'mde-inventur');
  const [first, second] = await demoArticles(db, 2, 7);
  if (!first || !second) throw new Error('no demo article');

  // Online: the worker sees the export succeed on screen.
  await openInventurList(page, { quick: true });
  await scannerBurst(page, first.ean13);
  await expect(captureLines(page)).toHaveCount(1);
  let dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-state', 'done');
  const listed = async () =>
    db.query<{ readtime: Date | null }>(
      `select readtime from notification where user_id = (select id from app_user where username = 'demo')
       and title = 'Beleg gespeichert' order by id`,
    );
  await expect.poll(async () => (await listed()).length).toBe(1);
  expect((await listed())[0]?.readtime).not.toBeNull();
  await page.goto('/notifications');
  await expect(page.getByText('Keine Benachrichtigungen vorhanden')).toBeVisible();
  await page.getByRole('tab', { name: 'Alle' }).click();
  await expect(entries(page).first()).toContainText('Beleg gespeichert');
  await expect(badge(page)).not.toContainText(/\d/);

  // Offline: the export waits on the device and is stored later; then it is news. The next capture keeps
  // the header of the last one, so the list opens directly.
  await page.goto('/mde-inventur');
  await scannerBurst(page, second.ean13);
  await expect(captureLines(page)).toHaveCount(1);
  await context.setOffline(true);
  dialog = await openExportDialog(page);
  await dialog.getByRole('button', { name: 'Exportieren' }).click();
  await page.clock.runFor((EXPORT_SEEN_SECONDS + 1) * 1000);
  await context.setOffline(false);
  // The outbox tries again on its own schedule, at most 30 s after the last try.
  await page.clock.runFor(30_000);
  await expect.poll(async () => (await listed()).length).toBe(2);
  expect((await listed())[1]?.readtime).toBeNull();
  await expect(badge(page)).toContainText('1', { timeout: 10_000 });
  expect(await seriousAxeViolations(page)).toEqual([]);
});
