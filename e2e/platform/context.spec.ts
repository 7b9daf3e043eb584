import { expect, test } from '../fixtures';

test('switching the sales organisation shows the success message and refreshes the views', async ({
  loggedInPage: page,
  db,
}) => {
  await page.getByRole('button', { name: 'Verkaufsorganisation wählen' }).click();
  await page.getByRole('menuitem', { name: /München-Pasing/ }).click();
  await expect(page.getByText('Der Context wurde geändert')).toBeVisible();
  await expect(page.getByTestId('context-Firma')).toContainText('Frischmarkt Süd GmbH');
  const [row] = await db.query<{ vkforg_id: number; firma_id: number }>(
    "select vkforg_id, firma_id from app_user where username = 'demo'",
  );
  expect(row).toEqual({ vkforg_id: 21, firma_id: 2 });
  // back, so later journeys start from the seeded context
  await page.getByRole('button', { name: 'Verkaufsorganisation wählen' }).click();
  await page.getByRole('menuitem', { name: /Hamburg-Altona/ }).click();
  await expect(page.getByText('Der Context wurde geändert')).toBeVisible();
});

test('a user with one account and one vkforg cannot open the pickers', async ({ page }) => {
  const res = await page.request.post('/api/v1/auth/login', {
    data: { username: 'filiale', password: 'Filiale1234!' },
  });
  expect(res.status()).toBe(200);
  await page.goto('/');
  // The chips name the context, but with one choice each there is nothing to pick (docs/spec.md §6).
  const vkforg = page.getByRole('button', { name: 'Verkaufsorganisation wählen' });
  await expect(vkforg).not.toHaveText('…');
  await expect(vkforg).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Konto wählen' })).toBeDisabled();
  await expect(page.getByRole('menu')).toHaveCount(0);
});
