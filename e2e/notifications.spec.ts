import { expect, loginViaApi, test } from './fixtures';
import { clearOpenCapture } from './support/capture-page';
import { badge, bell, clearNotifications, entries, exportInventur, viaMenu } from './support/notifications-page';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// Notifications (docs/spec.md §2, §4): an export of the user's capture is told in the bell's badge and on the
// notifications page (tabs 'Ungelesen' and 'Alle'); opening an entry marks it read and opens its route.

const USER = 'filiale';

test.describe('Benachrichtigungen', () => {
  test.beforeEach(async ({ page, db }) => {
    await clearNotifications(db, USER);
    await loginViaApi(page, USER);
    await clearOpenCapture(page, 'mde-inventur');
  });

  test('export → badge 1 → open the entry (read, its route) → badge 0 → delete', async ({ page, db }) => {
    await expect(badge(page)).not.toContainText(/\d/);
    await bell(page).click();
    await expect(page.getByText('Keine Benachrichtigungen vorhanden')).toBeVisible();

    const number = await exportInventur(page, db);
    // Moving on from the list: the badge counts the new, unread entry.
    await viaMenu(page, 'Übersicht');
    await expect(badge(page)).toContainText('1');
    await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen: 1 ungelesene Benachrichtigung');

    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('tab', { name: 'Ungelesen' })).toHaveAttribute('aria-selected', 'true');
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText('Beleg gespeichert');
    await expect(entries(page).first()).toContainText(number);

    await entries(page)
      .first()
      .getByRole('button', { name: /^Beleg gespeichert/ })
      .click();
    await expect(page).toHaveURL(/\/mde-inventur(\/start)?$/);
    await expect(badge(page)).not.toContainText(/\d/);
    await expect
      .poll(
        async () =>
          (
            await db.query<{ readtime: Date | null }>(
              'select readtime from notification where user_id = (select id from app_user where username = $1)',
              [USER],
            )
          )[0]?.readtime,
      )
      .not.toBeNull();

    await bell(page).click();
    await expect(page.getByText('Keine Benachrichtigungen vorhanden')).toBeVisible();
    await page.getByRole('tab', { name: 'Alle' }).click();
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first().getByRole('button', { name: 'Als gelesen markieren' })).toHaveCount(0);
    await entries(page).first().getByRole('button', { name: 'Löschen' }).click();
    await expect(entries(page)).toHaveCount(0);
    await expect(page.getByText('Keine Benachrichtigungen vorhanden')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await db.query(
              'select id from notification where user_id = (select id from app_user where username = $1)',
              [USER],
            )
          ).length,
      )
      .toBe(0);
  });

  test('mark read and mark all read; marks made offline reach the server when online again', async ({
    page,
    db,
    context,
  }) => {
    await db.query(
      `insert into notification (user_id, title, text, route)
       select u.id, 'Hinweis ' || n, 'Text ' || n, '/artikel-info' from app_user u, generate_series(1, 3) n
        where u.username = $1`,
      [USER],
    );
    await bell(page).click();
    await expect(entries(page)).toHaveCount(3);
    await expect(badge(page)).toContainText('3');

    await entries(page).filter({ hasText: 'Hinweis 3' }).getByRole('button', { name: 'Als gelesen markieren' }).click();
    await expect(entries(page)).toHaveCount(2);
    await expect(badge(page)).toContainText('2');

    // Offline: the list stays (the device's copy), a mark is shown at once and waits.
    await context.setOffline(true);
    await expect(entries(page)).toHaveCount(2);
    await page.getByRole('tab', { name: 'Alle' }).click();
    await expect(entries(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect(entries(page).getByRole('button', { name: 'Als gelesen markieren' })).toHaveCount(0);
    await expect(badge(page)).not.toContainText(/\d/);
    const unreadOnServer = async () =>
      (
        await db.query(
          'select id from notification where readtime is null and user_id = (select id from app_user where username = $1)',
          [USER],
        )
      ).length;
    expect(await unreadOnServer()).toBe(2);

    await context.setOffline(false);
    await expect.poll(unreadOnServer).toBe(0);
    await page.getByRole('tab', { name: 'Ungelesen' }).click();
    await expect(page.getByText('Keine Benachrichtigungen vorhanden')).toBeVisible();
  });
});
