import { expect, test, USERS } from './fixtures';
import { type ExtraServer, startExtraServer } from './support/extra-server';

// docs/spec.md §8 'Session expired' with the app open: the bell asks for its count every minute, but only what a
// person does counts as activity, so an unattended handheld is signed out when the idle limit is reached and
// the login says why. The server takes SESSION_IDLE_MINUTES as a fraction here (1.5 minutes): longer than
// the bell's minute, so a poll that still counted as activity would keep the session for good. The bell polls
// only while its notification stream is down, so the journey keeps the stream down: with the stream open no poll
// would run and the journey would prove nothing about it.
const IDLE_MINUTES = 1.5;

let server: ExtraServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startExtraServer({ SESSION_IDLE_MINUTES: String(IDLE_MINUTES) });
});
test.afterAll(() => server?.stop());

test('an open app nobody touches is signed out after the idle limit, with the spec message', async ({ page }) => {
  test.setTimeout(IDLE_MINUTES * 60_000 + 90_000);
  await page.route('**/api/v1/notifications/stream', (route) => route.abort());
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Benutzername').fill(USERS.demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
  const signedInAt = Date.now();
  const badgePolls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/notifications/unread')) badgePolls.push(request.headers()['x-mde-background'] ?? '');
  });

  // Nobody touches the device: the badge keeps polling, and the session still ends at the idle limit.
  await expect(page).toHaveURL(/\/login/, { timeout: IDLE_MINUTES * 60_000 + 30_000 });
  await expect(page.getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet')).toBeVisible();
  expect(Date.now() - signedInAt).toBeGreaterThan(IDLE_MINUTES * 60_000 - 5_000);
  expect(badgePolls.length).toBeGreaterThan(0);
  expect(badgePolls.every((header) => header === '1')).toBe(true);
});
