import { expect, loginViaApi, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// The users section: an admin creates a user with only Inventur and a one-time password; the user must set
// their own password first and then sees only Inventur; disabled while signed in, their next step ends at the
// login with a German message.
const MODULE_TITLES = ['Bestellvorschlag', 'Bestellung', 'Retouren', 'Artikel-Info', 'Administration'];

for (const width of [360, 1280]) {
  test(`admin creates, and disables, a user at ${width} px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await loginViaApi(page, 'demo');
    await page.goto('/admin/users');
    await expect(page.getByText(/\d+ Benutzer/)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await readmeScreen(page, `admin-users-${width}`, page.locator('body'));

    const username = `zaehler${width}_${Date.now().toString(36)}`;
    await page.getByRole('link', { name: 'Neuer Benutzer' }).click();
    await page.getByLabel('Voller Name').fill('Zoe Zähler');
    await page.getByLabel('Benutzername').fill(username);
    await expect(page.getByLabel('Benutzername')).toHaveValue(username);
    await page.getByLabel('E-Mail').fill('zoe@example.test');
    await page.getByRole('checkbox', { name: 'Inventur' }).check();
    // One store and one account: each is the default by itself.
    await page.getByRole('checkbox', { name: /Hamburg-Altona/ }).check();
    await expect(page.getByRole('radio', { name: /Hamburg-Altona/ })).toBeChecked();
    await page.getByRole('checkbox', { name: /Frischmarkt Nord/ }).check();
    await expect(page.getByRole('radio', { name: /Frischmarkt Nord/ })).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Anlegen' }).click();
    const password = (await page.getByTestId('one-time-password').textContent()) ?? '';
    expect(password).toHaveLength(14);
    await page
      .getByRole('dialog', { name: 'Einmalpasswort' })
      .getByRole('button', { name: 'Schließen' })
      .last()
      .click();

    // The new user, on their own device.
    const device = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const user = await device.newPage();
    // Signed in with the one-time password the server answers nothing but its change: the app asks for it
    // first and calls nothing else meanwhile (which would only meet refusals).
    const refused: string[] = [];
    user.on('response', async (response) => {
      if (response.status() !== 403) return;
      const body = await response.text().catch(() => '');
      if (body.includes('PASSWORD_CHANGE_REQUIRED')) refused.push(new URL(response.url()).pathname);
    });
    await user.goto('/login');
    await user.getByLabel('Benutzername').fill(username);
    await user.getByLabel('Passwort', { exact: true }).fill(password);
    await user.getByRole('button', { name: 'Anmelden' }).click();
    await expect(user.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
    await user.getByLabel('Einmalpasswort').fill(password);
    await user.getByLabel('Neues Passwort', { exact: true }).fill('Eigenes1!Passwort');
    await user.getByLabel('Neues Passwort wiederholen').fill('Eigenes1!Passwort');
    await user.getByRole('button', { name: 'Passwort festlegen' }).click();
    await expect(user.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeHidden();
    expect(refused).toEqual([]);
    await user.getByRole('button', { name: 'Menü', exact: true }).click();
    const menu = user.getByRole('navigation', { name: 'Menü' });
    await expect(menu.getByRole('link', { name: 'Inventur' })).toBeVisible();
    for (const title of MODULE_TITLES)
      await expect(menu.getByRole('link', { name: title, exact: true })).toHaveCount(0);
    await user.keyboard.press('Escape');

    // The admin disables them while they are signed in.
    await page.getByLabel('Suche (Benutzername, Name, E-Mail)').fill(username);
    await page.getByRole('link', { name: username }).first().click();
    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(page.getByText('Der Benutzer wurde deaktiviert')).toBeVisible();

    // Their next step ends at the login, and signing in again says why in German.
    await user.reload();
    await expect(user).toHaveURL(/\/login/);
    await user.getByLabel('Benutzername').fill(username);
    await user.getByLabel('Passwort', { exact: true }).fill('Eigenes1!Passwort');
    await user.getByRole('button', { name: 'Anmelden' }).click();
    await expect(
      user.getByText('Ihr Benutzer ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.'),
    ).toBeVisible();
    await device.close();
  });
}
