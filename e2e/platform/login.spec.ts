import { createHash } from 'node:crypto';
import { expect, loginViaApi, loginViaForm, test, USERS } from '../fixtures';

test.describe('Anmeldung (spec §8 login failures)', () => {
  test('wrong credentials', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill('demo');
    await page.getByLabel('Passwort', { exact: true }).fill('Falsch-123!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Login Fehlgeschlagen')).toBeVisible();
    await expect(page.getByText('Benutzername und/oder Passwort sind inkorrekt')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('no connection to the server', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/v1/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Benutzername').fill('demo');
    await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Es konnte keine Verbindung zum Server hergestellt werden...')).toBeVisible();
  });

  test('unexpected server error', async ({ page }) => {
    await page.goto('/login');
    await page.route('**/api/v1/auth/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x","code":"INTERNAL"}' }),
    );
    await page.getByLabel('Benutzername').fill('demo');
    await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Ein unerwarteter Fehler ist aufgetreten!')).toBeVisible();
  });

  test('submit stays disabled until username and password are filled', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Benutzername').fill('demo');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Passwort', { exact: true }).fill('x');
    await expect(submit).toBeEnabled();
  });
});

test.describe('Menü je Benutzer (spec §2 Menu, §6)', () => {
  const ALL = [
    'Bestellvorschlag',
    'Bestellung',
    'Inventur',
    'Warenverprobung',
    'Retouren',
    'Artikel-Info',
    'Gutscheinkarte',
    'Artikelvorrat',
    'Administration',
  ];

  async function menuEntries(page: import('@playwright/test').Page) {
    await page.getByRole('button', { name: 'Menü' }).click();
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    return nav;
  }

  test('demo sees every module and Lagerplatz-Artikel', async ({ page }) => {
    await loginViaForm(page, 'demo');
    await expect(page).toHaveURL(/\/$/);
    const nav = await menuEntries(page);
    for (const name of ALL) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Lagerplatz-Artikel' })).toBeVisible();
  });

  test('filiale sees Artikel-Info and Inventur only', async ({ page }) => {
    await loginViaForm(page, 'filiale');
    await expect(page).toHaveURL(/\/$/);
    const nav = await menuEntries(page);
    await expect(nav.getByRole('link', { name: 'Artikel-Info', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inventur', exact: true })).toBeVisible();
    for (const name of ALL.filter((n) => n !== 'Artikel-Info' && n !== 'Inventur')) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(nav.getByRole('link', { name: 'Lagerplatz-Artikel' })).toHaveCount(0);
  });

  test('extern sees Artikel-Info only and no password section in settings', async ({ page }) => {
    await loginViaForm(page, 'extern');
    await expect(page).toHaveURL(/\/$/);
    const nav = await menuEntries(page);
    await expect(nav.getByRole('link', { name: 'Artikel-Info', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inventur', exact: true })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page.getByRole('heading', { name: 'Kontakt' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toHaveCount(0);
    await expect(page.getByText('Version 25.4.0-dev.7')).toBeVisible();
  });
});

test('logout shows the message and returns to the login', async ({ page }) => {
  await loginViaApi(page, 'demo');
  await page.getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Sie wurden erfolgreich abgemeldet')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('an idle session expires with the spec message', async ({ page, db, request }) => {
  // Signed in while the app is not open: a page of the app would keep asking in the background, and the first
  // of its requests to meet the expired session gets the cookie cleared, so that the next start finds no
  // session at all and shows no message. Closing that page was not enough: a request it had under way still
  // reached the server after the rewind and its answer cleared the cookie (traces of repeated runs). So the
  // journey is that of a device left alone with the app closed for more than the idle time.
  const login = await page.request.post('/api/v1/auth/login', {
    data: { ...USERS.filiale, stayAuthenticated: false },
  });
  expect(login.status()).toBe(200);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'mde_session');
  expect(cookie).toBeDefined();
  const headers = { cookie: `mde_session=${cookie?.value}` };
  expect((await request.get('/api/v1/security/user/context', { headers })).status()).toBe(200);
  // Only this session: another journey of the worker may hold one of the same user.
  const tokenHash = createHash('sha256')
    .update(cookie?.value ?? '')
    .digest('hex');
  await db.query("update session set last_seen_at = now() - interval '31 minutes' where token_hash = $1", [tokenHash]);
  // The server learns of the rewound clock by NOTIFY, a moment after the update (a start in that moment once
  // still found the cached session on the CI machine). Asked from a client of its own, so the browser keeps
  // its cookie.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/v1/security/user/context', { headers });
      return answer.status() === 401 ? ((await answer.json()) as { code: string }).code : answer.status();
    })
    .toBe('SESSION_EXPIRED');
  await page.goto('/');
  await expect(page.getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
