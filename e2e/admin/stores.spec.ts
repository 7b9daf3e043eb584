import { expect, test } from '../fixtures';
import { layoutProblems, seriousAxeViolations } from '../support/layout-check';
import { readmeScreen } from '../support/readme-screens';

// Administration › Filialen: an admin creates a store (vkforg) with a warehouse and sees it in the list;
// bad input and a taken number are German messages at the field.

test('an admin creates a store with a warehouse and sees it in the list, at 1280 and 360 px', async ({
  loggedInPage: page,
}) => {
  const number = `9${String(Date.now()).slice(-6)}`;
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/stores');
  await expect(page.getByRole('tab', { name: 'Filialen', selected: true })).toBeVisible();
  await expect(page.getByRole('region', { name: '1100 – Hamburg-Altona' })).toBeVisible();

  await page.getByRole('button', { name: 'Filiale anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filiale anlegen' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Nummer fehlt')).toBeVisible();
  await dialog.getByLabel('Nummer').fill('1100');
  await dialog.getByLabel('Bezeichnung').fill('Doppelt');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Diese Verkaufsorganisations-Nummer gibt es in der Firma schon')).toBeVisible();
  await dialog.getByLabel('Nummer').fill(number);
  await dialog.getByLabel('Bezeichnung').fill('Kiel Hafen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);

  const store = page.getByRole('region', { name: `${number} – Kiel Hafen` });
  await expect(store).toContainText('Noch keine Lager');
  await store.getByRole('button', { name: `Lager anlegen ${number}` }).click();
  const whDialog = page.getByRole('dialog', { name: 'Lager anlegen' });
  await whDialog.getByLabel('Nummer').fill('L01');
  await whDialog.getByLabel('Name').fill('Verkaufsraum');
  await whDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(store).toContainText('L01 – Verkaufsraum');

  await store.getByRole('button', { name: `Lagerplätze ${number} L01` }).click();
  await expect(store).toContainText('Noch keine Lagerplätze');
  await store.getByRole('button', { name: 'Lagerplatz anlegen' }).click();
  const locDialog = page.getByRole('dialog', { name: 'Lagerplatz anlegen' });
  await locDialog.getByLabel('Lagerplatz').fill('01-01-1');
  await locDialog.getByLabel('Bezeichnung').fill('Regal 1 oben');
  await locDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(store).toContainText('01-01-1 – Regal 1 oben (Regal)');

  expect(await seriousAxeViolations(page)).toEqual([]);
  await readmeScreen(page, 'admin-stores-1280');

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(store).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await readmeScreen(page, 'admin-stores-360');
  // The refused duplicate is an answered request (409), not an error of the app.
  expect(consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);
});
