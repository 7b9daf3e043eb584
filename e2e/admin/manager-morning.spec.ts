import type { Locator, Page } from '@playwright/test';
import { expect, loginViaApi, test } from '../fixtures';
import { seriousAxeViolations, stoppedMoving } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// A store manager's morning in the admin area, by touch (taps, no keyboard shortcuts) at 360 and 1280 px: a new
// user's form finished by taps (a single store and account become the defaults), names typed as fast as a
// scanner and kept, the admin's words instead of codes, a one-time password asked first and naming the device
// where the user's work waits, that device found by its name and its orange mark, the log in words.

test.use({ hasTouch: true });

/** The label of a button sits in its middle, not against its top edge. */
async function labelCentred(button: Locator) {
  const [box, label] = await Promise.all([button.boundingBox(), button.locator('.mantine-Button-label').boundingBox()]);
  if (!box || !label) throw new Error('button not shown');
  const gap = label.y + label.height / 2 - (box.y + box.height / 2);
  expect(Math.abs(gap), `label ${gap.toFixed(1)} px off the button's middle`).toBeLessThanOrEqual(2);
}

async function axeClean(page: Page) {
  await stoppedMoving(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

for (const width of [360, 1280]) {
  test(`a manager's morning in the admin area at ${width} px`, async ({ page, db }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await loginViaApi(page, 'demo');
    await page.goto('/admin/users');
    await expect(page.getByText(/\d+ Benutzer/)).toBeVisible({ timeout: 20_000 });

    // The section tabs take two short rows at 360 px, and the buttons' text sits in their middle.
    const tabs = page.getByRole('tablist', { name: 'Bereiche der Administration' });
    expect((await tabs.boundingBox())?.height ?? 999).toBeLessThanOrEqual(width === 360 ? 110 : 60);
    await labelCentred(page.getByRole('link', { name: 'Neuer Benutzer' }));
    // Permissions in words in the list's filter.
    await page.getByRole('combobox', { name: 'Berechtigung' }).tap();
    await expect(page.getByRole('option', { name: 'Lieferscheine bearbeiten' })).toBeVisible();
    await page.getByRole('option', { name: 'Lieferscheine bearbeiten' }).tap();
    await axeClean(page);

    // The new user's form, by touch.
    await page.getByRole('link', { name: 'Neuer Benutzer' }).tap();
    const username = `zoe${width}_${Date.now().toString(36)}`;
    // Typed at a scanner's pace (no gap between keys): a field that takes text keeps every key.
    await page.getByLabel('Voller Name').tap();
    await page.keyboard.type('Zoe Zähler', { delay: 0 });
    await expect(page.getByLabel('Voller Name')).toHaveValue('Zoe Zähler');
    await page.getByLabel('Benutzername').tap();
    await page.keyboard.type(username, { delay: 0 });
    await expect(page.getByLabel('Benutzername')).toHaveValue(username);
    await page.getByRole('checkbox', { name: 'Inventur' }).tap();
    await expect(page.getByRole('checkbox', { name: 'Lieferscheine bearbeiten' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Lagerplatz-Artikel' })).toBeVisible();
    // Stores and accounts are boxes to tick, no list that opens over the next fields; a single one ticked is
    // the default by itself.
    const stores = page.getByRole('group', { name: 'Filialen (Verkaufsorganisationen)' });
    await stores.getByRole('checkbox', { name: /Hamburg-Altona/ }).tap();
    const defaultStore = page.getByRole('radiogroup', { name: 'Standard-Filiale' });
    await expect(defaultStore.getByRole('radio', { name: /Hamburg-Altona/ })).toBeChecked();
    await page
      .getByRole('group', { name: 'Konten' })
      .getByRole('checkbox', { name: /Frischmarkt Nord/ })
      .tap();
    await expect(
      page.getByRole('radiogroup', { name: 'Standard-Konto' }).getByRole('radio', { name: /Nord/ }),
    ).toBeChecked();
    // A second store: the admin picks the default among the two, by a tap.
    await stores.getByRole('checkbox', { name: /Lübeck/ }).tap();
    await expect(defaultStore.getByRole('radio', { name: /Hamburg-Altona/ })).toBeChecked();
    await defaultStore.getByRole('radio', { name: /Lübeck/ }).tap();
    await expect(defaultStore.getByRole('radio', { name: /Lübeck/ })).toBeChecked();
    await axeClean(page);
    await readmeScreen(page, `admin-user-form-${width}`, page.locator('main'));
    await page.getByRole('button', { name: 'Anlegen' }).tap();
    await expect(page.getByTestId('one-time-password')).toBeVisible();
    await page.getByRole('dialog', { name: 'Einmalpasswort' }).getByRole('button', { name: 'Schließen' }).last().tap();

    // The user's handheld holds three lines not yet sent.
    const [created] = await db.query<{ id: number }>('select id from app_user where username = $1', [username]);
    if (!created) throw new Error('user not created');
    const deviceId = `e2e-${username}`;
    await db.query(
      `insert into device_status (device_id, user_id, firma_id, vkforg_id, app_version, waiting, set_aside, platform_name)
       values ($1, $2, 1, 11, '25.4.0', 3, 0, 'Smartphone (Android 14) · Chrome')`,
      [deviceId, created.id],
    );

    // A one-time password signs the user out everywhere: asked first, naming that device and its lines.
    await page.getByLabel('Suche (Benutzername, Name, E-Mail)').fill(username);
    await page.getByRole('link', { name: username }).first().tap();
    await page.getByRole('button', { name: 'Einmalpasswort setzen' }).tap();
    const ask = page.getByRole('dialog', { name: `Einmalpasswort für „${username}“ setzen?` });
    await expect(ask).toContainText('auf allen Geräten abgemeldet');
    await expect(ask.getByTestId('devices-with-work')).toHaveText(
      'Smartphone (Android 14) · Chrome: 3 Positionen warten',
    );
    await axeClean(page);
    await readmeScreen(page, `admin-confirm-one-time-password-${width}`);
    await ask.getByRole('button', { name: 'Abbrechen' }).tap();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('one-time-password')).toBeHidden();
    await page.getByRole('button', { name: 'Einmalpasswort setzen' }).tap();
    await ask.getByRole('button', { name: 'Einmalpasswort setzen' }).tap();
    await expect(page.getByTestId('one-time-password')).toBeVisible();
    await page.getByRole('dialog', { name: 'Einmalpasswort' }).getByRole('button', { name: 'Schließen' }).last().tap();
    // Disabling asks the same way.
    await page.getByRole('button', { name: 'Deaktivieren' }).tap();
    const disable = page.getByRole('dialog', { name: `„${username}“ deaktivieren?` });
    await expect(disable.getByTestId('devices-with-work')).toContainText('3 Positionen warten');
    await disable.getByRole('button', { name: 'Abbrechen' }).tap();

    // Geräte: the device by its name, marked orange, found by its filter; the admin gives it a name.
    await page.getByRole('tab', { name: 'Geräte' }).tap();
    // A chip's radio is drawn by its label: the finger lands on the label.
    await page.locator('label', { hasText: 'mit wartenden Positionen' }).tap();
    await expect(page.getByRole('radio', { name: 'mit wartenden Positionen' })).toBeChecked();
    const entry = page.locator(
      `[data-testid="${width < 992 ? 'device-card' : 'device-row'}"][data-device="${deviceId}"]`,
    );
    await expect(entry).toHaveAttribute('data-waiting', 'true');
    await expect(entry.getByTestId('device-name')).toHaveText('Smartphone (Android 14) · Chrome');
    await expect(entry).toContainText('Wartet');
    await entry.getByRole('button', { name: /umbenennen/ }).tap();
    await entry.getByLabel('Gerätename').fill('Handheld Kasse 2');
    await entry.getByRole('button', { name: 'Speichern' }).tap();
    await expect(entry.getByTestId('device-name')).toHaveText('Handheld Kasse 2');
    // Every listed device holds work, the one with the newest work first among those not stale.
    const listed = page.locator(`[data-testid="${width < 992 ? 'device-card' : 'device-row'}"]`);
    await expect(listed.first()).toHaveAttribute('data-waiting', 'true');
    expect(await listed.evaluateAll((els) => els.every((el) => el.hasAttribute('data-waiting')))).toBe(true);
    await axeClean(page);
    await readmeScreen(page, `admin-devices-waiting-${width}`);

    // Filialen speaks German: Konten, not Accounts.
    await page.getByRole('tab', { name: 'Filialen' }).tap();
    await expect(page.getByRole('button', { name: 'Konto anlegen' })).toBeVisible();
    await expect(page.getByText('Account', { exact: false })).toHaveCount(0);

    // The log in words, its object by name, its filters as choices.
    await page.getByRole('tab', { name: 'Protokoll' }).tap();
    await labelCentred(page.getByRole('link', { name: 'Als CSV exportieren' }));
    await page.getByRole('combobox', { name: 'Aktion' }).tap();
    await page.getByRole('option', { name: 'Einmalpasswort gesetzt für' }).tap();
    await page.getByRole('button', { name: 'Filtern' }).tap();
    const said = page.getByText(`Einmalpasswort gesetzt für ${username}`);
    await expect(said.first()).toBeVisible();
    await expect(page.getByText('user.one-time-password')).toHaveCount(0);
    await axeClean(page);
    await readmeScreen(page, `admin-audit-words-${width}`);
    // A card is the button at 360 px; a row's time opens the entry on a desktop.
    const opener =
      width < 768
        ? page.getByRole('button', { name: new RegExp(`Einmalpasswort gesetzt für ${username}`) })
        : page.getByRole('row', { name: new RegExp(`Einmalpasswort gesetzt für ${username}`) }).getByRole('button');
    await opener.first().tap();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(`Benutzer ${username}`);
    await expect(details.getByRole('cell', { name: 'Passwortwechsel offen' })).toBeVisible();
    await axeClean(page);
  });
}

test('the header offline at 360 px: store and account readable, the offline state in words', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Filiale has one store and one account: the pickers show them without a choice, as every picker offline.
  await loginViaApi(page, 'filiale');
  const account = page.getByRole('button', { name: /^Konto wählen/ });
  await expect(account).toBeDisabled();
  await expect(account).not.toHaveText('…');
  await context.setOffline(true);
  await expect(page.getByTestId('offline-state')).toHaveText('Offline');
  for (const pill of [account, page.getByRole('button', { name: /^Verkaufsorganisation wählen/ })]) {
    const contrast = await pill.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const ground = (node: Element | null): number[] => {
        for (let n = node; n; n = n.parentElement) {
          const c = rgb(getComputedStyle(n).backgroundColor);
          if (c.length === 3 || (c[3] ?? 0) > 0.5) return c.slice(0, 3);
        }
        return [255, 255, 255];
      };
      const lum = ([r, g, b]: number[]) => {
        const lin = (v = 0) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const label = el.querySelector('.mantine-Button-label') ?? el;
      const a = lum(rgb(getComputedStyle(label).color));
      const b = lum(ground(el));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  }
  await axeClean(page);
  await readmeScreen(page, 'header-offline-360', page.getByTestId('app-header'));
  await context.setOffline(false);
});
