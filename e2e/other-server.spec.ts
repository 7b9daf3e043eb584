import pg from 'pg';
import { expect, test, USERS } from './fixtures';
import { type ExtraServer, freeServerPort, startExtraServer } from './support/extra-server';

// docs/spec.md §2 connection settings: the app of one MDE server (A) signs in on another (B) and works with B's data.
// A's page policy names B (CONNECT_ORIGINS); B answers A's cross-origin calls (CORS_ORIGINS) with its session
// cookie. Both run on 127.0.0.1, so they are the same site (cookies ignore ports) and B's SameSite=Strict
// cookie travels; behind TLS on two hosts B sends SameSite=None instead. Every origin B does not list is refused.

let appServer: ExtraServer;
let otherServer: ExtraServer;
const B_NAME = 'Demo auf Server B';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const [portA, portB] = [await freeServerPort(), await freeServerPort()];
  const originA = `http://127.0.0.1:${portA}`;
  const originB = `http://127.0.0.1:${portB}`;
  [otherServer, appServer] = await Promise.all([
    startExtraServer({ CORS_ORIGINS: originA }, { port: portB }),
    startExtraServer({ CONNECT_ORIGINS: originB }, { port: portA }),
  ]);
  const client = new pg.Client({ connectionString: otherServer.databaseUrl });
  await client.connect();
  try {
    await client.query(`update app_user set full_name = $1 where username = 'demo'`, [B_NAME]);
  } finally {
    await client.end();
  }
});
test.afterAll(async () => {
  await Promise.all([appServer?.stop(), otherServer?.stop()]);
});

const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

test('the app of one server signs in on another listed server and shows its data', async ({ page }) => {
  const portB = new URL(otherServer.baseURL).port;
  await page.goto(`${appServer.baseURL}/login/settings`);
  await page.getByRole('button', { name: 'Verbindung hinzufügen' }).click();
  await page.getByLabel('Name (optional)').fill('Server B');
  await page.getByLabel('Host').fill('127.0.0.1');
  await page.getByLabel('Port').fill(portB);
  await page.getByRole('button', { name: 'Speichern' }).click();
  const connection = page.getByRole('listitem').filter({ hasText: 'Server B' });
  await connection.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(page.getByText('Die Verbindung zum Server funktioniert')).toBeVisible();
  await connection.getByLabel('Verwenden: Server B').check();

  await page.goto(`${appServer.baseURL}/login`);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(new URL(request.url()).origin);
  });
  await page.getByLabel('Benutzername').fill(USERS.demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // The overview names the user as server B knows them: the context came from B, with B's session.
  await expect(page.getByText(B_NAME)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(appServer.baseURL);
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls)).toEqual(new Set([otherServer.baseURL]));
});

test('a server answers no cross-origin request from an app it does not list', async ({ request, baseURL }) => {
  const preflight = (url: string, origin: string) =>
    request.fetch(`${url}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const listed = await preflight(otherServer.baseURL, appServer.baseURL);
  expect(listed.status()).toBe(204);
  expect(listed.headers()['access-control-allow-origin']).toBe(appServer.baseURL);
  expect(listed.headers()['access-control-allow-credentials']).toBe('true');
  // B does not list some other app; the suite's server and A list none.
  for (const [url, origin] of [
    [otherServer.baseURL, 'http://127.0.0.1:9'],
    [baseURL ?? '', appServer.baseURL],
    [appServer.baseURL, otherServer.baseURL],
  ] as const) {
    expect(corsHeaders((await preflight(url, origin)).headers())).toEqual([]);
  }
});
