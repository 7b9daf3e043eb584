import { expect, test } from '../fixtures';
import { seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// An admin creates an API key for one of their firmas under Administration → Integration, sees it once (with a
// copy button), reads its last requests, and revokes it after a question; the list never shows the key again.

for (const width of [360, 1280]) {
  test(`Integration at ${width} px: an API key is shown once and revoked`, async ({ loggedInPage: page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/integration');
    const name = `Journey ERP ${width} ${Date.now()}`;

    // Bad input: a German message at the field, nothing created.
    await page.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    await expect(page.getByText('Bitte einen Namen mit 1 bis 100 Zeichen angeben')).toBeVisible();
    await expect(page.getByText('Bitte mindestens eine Berechtigung wählen')).toBeVisible();
    // The demo admin holds two firmas: a key is made for the ones ticked.
    await expect(page.getByText('Bitte mindestens eine Firma wählen')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('events:read').check();
    await page.getByLabel('1 – Frischmarkt Nord GmbH').first().check();
    await page.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer API-Schlüssel' });
    const key = (await dialog.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^mde_/);
    await expect(dialog.getByRole('button', { name: 'Kopieren' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    // axe looks at the page once the dialog has faded out (a title mid-fade has no contrast to speak of)
    await expect(dialog).toBeHidden();

    const row = page.locator('[data-testid="api-key-row"]', { hasText: name });
    await expect(row).toContainText('Aktiv');
    await expect(page.locator('body')).not.toContainText(key);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The focus went back to the create button below the list: the picture shows the list from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await readmeScreen(page, `admin-integration-${width}`);

    // The ERP reads the feed with the key: the request is in the key's log (time, route, status).
    const read = await page.request.get('/api/integration/v1/events?limit=1', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.status()).toBe(200);
    await row.getByRole('button', { name: 'Letzte Anfragen' }).click();
    const requests = page.getByRole('table', { name: 'Letzte Anfragen' });
    await expect(requests.getByRole('columnheader')).toHaveText(['Zeit', 'Route', 'Status']);
    await expect(requests.getByTestId('api-key-request')).toHaveCount(1);
    await expect(requests.getByTestId('api-key-request')).toContainText('GET /api/integration/v1/events');
    await expect(requests.getByTestId('api-key-request')).toContainText('200');
    await expect(requests).not.toContainText('limit=1');

    await row.getByRole('button', { name: 'Widerrufen' }).click();
    await page
      .getByRole('dialog', { name: 'API-Schlüssel widerrufen' })
      .getByRole('button', { name: 'Widerrufen' })
      .click();
    await expect(row).toContainText('Widerrufen');
    await expect(row.getByRole('button', { name: 'Widerrufen' })).toHaveCount(0);
  });
}
