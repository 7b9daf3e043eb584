import { expect, test } from '../fixtures';
import { clearOpenCapture } from '../support/capture-page';

// Store walkthrough: the capture header names the warehouse as the worker knows it (its code and name from the
// server), never the database id, on a 360 px phone.

test.use({ viewport: { width: 360, height: 740 } });

test('the Inventur header shows "Lager: L03 – Kühlhaus", not the id', async ({ loggedInPage: page, db }) => {
  await clearOpenCapture(page, 'mde-inventur');
  const [cold] = await db.query<{ id: number; number: string; name: string }>(
    `select id, number, name from warehouse where vkforg_id = 11 and name = 'Kühlhaus'`,
  );
  if (!cold) throw new Error('demo warehouse missing');
  // The start step itself: a device opening /mde-inventur continues the count the server holds open.
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option', { name: /Kühlhaus/ }).click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await expect(page).toHaveURL(/\/mde-inventur$/);
  const header = page.getByTestId('capture-header');
  await expect(header).toContainText(`Lager: ${cold.number} – ${cold.name}`);
  await expect(header).not.toContainText(String(cold.id));

  // after a reload (the list opened from the header kept on the device) it still reads the same
  await page.reload();
  await expect(header).toContainText(`Lager: ${cold.number} – ${cold.name}`);
});
