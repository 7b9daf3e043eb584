import fs from 'node:fs';
import { expect, loginViaApi, test } from '../fixtures';
import { layoutProblems, seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// The admin finds a security event in the audit log: a user of Firma 1 is locked after failed logins, the
// admin filters the log by that user, opens the entry (its fields before → after) and exports the filtered
// log as CSV, at 360 px (cards) and at 1280 px (a table).

for (const width of [360, 1280]) {
  test(`audit log at ${width} px: a login lock found by filter, opened and exported`, async ({ page, db, request }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const username = `lock${width}x${Date.now().toString(36)}`;
    // A user of Firma 1 of its own (a copy of filiale's account and hash), so no demo user is ever locked.
    await db.query(
      `insert into app_user (username, full_name, email, password_hash, kind, account_id, vkforg_id, firma_id)
       select $1, $1, $1 || '@example.invalid', password_hash, kind, account_id, vkforg_id, firma_id
       from app_user where username = 'filiale'`,
      [username],
    );
    let locked = false;
    for (let i = 0; i < 8 && !locked; i++) {
      const res = await request.post('/api/v1/auth/login', {
        data: { username, password: `Falsch-${i}!`, stayAuthenticated: false },
      });
      locked = res.status() === 429;
    }
    expect(locked).toBe(true);

    await loginViaApi(page, 'demo');
    await page.goto('/admin/audit-log');
    const filters = page.getByRole('form', { name: 'Filter' });
    await filters.getByLabel('Benutzer').fill(username);
    // The action is a choice in words, not a code to type.
    await filters.getByRole('combobox', { name: 'Aktion' }).click();
    await page.getByRole('option', { name: 'Anmeldung gesperrt' }).click();
    await filters.getByRole('button', { name: 'Filtern' }).click();

    const entry =
      width === 360
        ? page.getByRole('listitem').filter({ hasText: username })
        : page.getByRole('row').filter({ hasText: username });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Anmeldung gesperrt');
    expect([...(await layoutProblems(page)), ...(await seriousAxeViolations(page))]).toEqual([]);
    await readmeScreen(page, `admin-audit-log-${width}`, page.locator('body'));

    await entry.getByRole('button').first().click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(username);
    // What the lock locked, in words: the account (from this address), not the code `account`.
    await expect(details.getByRole('row').filter({ hasText: 'Gesperrt' }).first()).toContainText('das Benutzerkonto');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Schließen' }).click();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Als CSV exportieren' }).click(),
    ]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Zeitpunkt;Benutzer;Adresse;Aktion;Objekttyp;Objekt-ID;Firma;Vorher;Nachher');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;${username};`);
  });
}
