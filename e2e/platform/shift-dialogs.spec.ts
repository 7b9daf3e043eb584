import { expect, loginViaApi, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';

// Offline work, updates or push: the app's service worker is part of it.
test.use({ serviceWorkers: 'allow' });

// A shift without friction: the safe answer is the default, Enter does what the dialog asks, a new failure
// shows its own text, a form does not save what the server would refuse.

test.use({ viewport: { width: 360, height: 740 } });

test('login: a second failure within seconds shows its own text, not the first one', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill('demo');
  await page.getByLabel('Passwort', { exact: true }).fill('falsch-1234');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Benutzername und/oder Passwort sind inkorrekt')).toBeVisible();
  // The toast's text is read in enough contrast, like every other text.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Es konnte keine Verbindung zum Server hergestellt werden...')).toBeVisible();
  await expect(page.getByText('Benutzername und/oder Passwort sind inkorrekt')).toHaveCount(0);
  await context.setOffline(false);
});

test('contact form: an invalid e-mail is refused at its field and not saved', async ({ page, db }) => {
  await loginViaApi(page, 'demo');
  const stored = async () =>
    (
      await db.query<{ values: string | null }>(
        `select contact_values::text as values from user_contact
          where user_id = (select id from app_user where username = 'demo')`,
      )
    )[0]?.values ?? '';
  await page.goto('/settings');
  const email = page.getByRole('textbox', { name: 'E-Mail' });
  await email.fill('max@firma');
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kontakt speichern' })).toBeDisabled();
  await email.press('Enter');
  await page.waitForTimeout(500);
  expect(await stored()).not.toContain('max@firma');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('gift card: Enter in the confirm dialog books (the close button is not the first focus)', async ({
  loggedInPage: page,
}) => {
  await page.goto('/gutscheinkarten');
  await page.getByRole('textbox', { name: 'Gutscheincode' }).fill('GC-1000-0001');
  await page.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(page).toHaveURL(/\/gutscheinkarten\/existing\?/);
  await page.getByRole('button', { name: 'Aufladen', exact: true }).click();
  await page.getByRole('button', { name: 'Betrag löschen' }).click();
  for (const key of ['5', '00']) await page.getByRole('button', { name: key, exact: true }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aufladung bestätigen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Bestätigen' })).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gift-card-result')).toContainText('Die Gutscheinkarte wurde aufgeladen');
});
