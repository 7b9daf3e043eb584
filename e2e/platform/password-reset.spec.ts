import { expect, test } from '../fixtures';

test('password reset through both steps with the token from the mail outbox', async ({ page, db }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const request = page.getByRole('button', { name: 'Bestätigungscode anfordern' });
  await expect(request).toBeDisabled();
  await page.getByLabel('Benutzername').fill('extern');
  await page.getByLabel('E-Mail').fill('extern@lieferant.example');
  await request.click();

  await expect(page).toHaveURL(/\/forgot-password\/reset/);
  const [mail] = await db.query<{ body: string }>(
    "select body from mail_outbox where recipient = 'extern@lieferant.example' order by id desc limit 1",
  );
  const token = /Bestätigungscode lautet: ([\w-]+)/.exec(mail?.body ?? '')?.[1];
  expect(token).toBeTruthy();

  await page.getByLabel('Benutzername').fill('extern');
  await page.getByLabel('E-Mail').fill('extern@lieferant.example');
  await page.getByLabel('Bestätigungscode').fill(token ?? '');
  const password = page.getByLabel('Neues Passwort', { exact: true });
  await password.fill('abc');
  // docs/spec.md §5: the current length is named, and each missing class is listed
  await expect(page.getByText('Mindestens 8 Zeichen (aktuell 3)')).toBeVisible();
  await expect(page.getByText('Mindestens ein Großbuchstabe')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Passwort zurücksetzen' });
  await expect(submit).toBeDisabled();
  await password.fill('Neu-Passwort9');
  await page.getByLabel('Neues Passwort wiederholen').fill('Neu-Passwort8');
  await expect(page.getByText('Die Passwörter stimmen nicht überein!')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Neues Passwort wiederholen').fill('Neu-Passwort9');
  await submit.click();

  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Benutzername').fill('extern');
  await page.getByLabel('Passwort', { exact: true }).fill('Neu-Passwort9');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Put the seeded password back through the same API, so later journeys can log in as extern.
  const user = { username: 'extern', email: 'extern@lieferant.example' };
  await page.request.post('/api/v1/security/password/token', { data: user });
  const [again] = await db.query<{ body: string }>(
    "select body from mail_outbox where recipient = 'extern@lieferant.example' order by id desc limit 1",
  );
  const second = /Bestätigungscode lautet: ([\w-]+)/.exec(again?.body ?? '')?.[1];
  const restored = await page.request.post('/api/v1/security/password/reset', {
    data: { ...user, token: second, password: 'Extern1234!' },
  });
  expect(restored.status()).toBe(200);
});

test('unknown children of forgot-password go to step 1', async ({ page }) => {
  await page.goto('/forgot-password/irgendwas');
  await expect(page).toHaveURL(/\/forgot-password$/);
});
