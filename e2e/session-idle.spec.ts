import type { Request } from '@playwright/test';
import { expect, holdPageClock, test, USERS } from './fixtures';

// docs/spec.md §8 'Session expired' with the app open: the bell asks for its count every minute while its
// notification stream is down, but only what a person does counts as activity, so an unattended handheld is signed
// out when the idle limit is reached and the login says why. Nobody waits half an hour for it: the journey holds
// the page's clock (page.clock) and moves the session's last activity back in the database, first to just inside
// the limit, where a poll that counted as activity would move it forward again, then past it. The journey keeps
// the stream down: with the stream open no poll would run and the journey would prove nothing about it.

// The suite's servers run with the default idle limit (SESSION_IDLE_MINUTES).
const IDLE_MINUTES = 30;

test('an open app nobody touches is signed out after the idle limit, with the spec message', async ({ page, db }) => {
  await holdPageClock(page, 5 * 60_000);
  await page.route('**/api/v1/notifications/stream', (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(USERS.demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
  // The sign-in's tap reaches the server as the person's last activity within a minute (the idle watch).
  await page.clock.runFor(61_000);
  const badgePolls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/notifications/unread')) badgePolls.push(request.headers()['x-mde-background'] ?? '');
  });

  // This sign-in's session: the newest of the user.
  const [session] = await db.query<{ id: string }>(
    `select s.id from session s join app_user u on u.id = s.user_id where u.username = $1 order by s.id desc limit 1`,
    [USERS.demo.username],
  );
  if (!session) throw new Error('no session of the sign-in');
  const idleFor = (minutes: number) =>
    db.query('update session set last_seen_at = now() - make_interval(mins => $2) where id = $1', [
      session.id,
      minutes,
    ]);
  const idleMinutes = async () =>
    (
      await db.query<{ minutes: number }>(
        'select extract(epoch from now() - last_seen_at)::float / 60 as minutes from session where id = $1',
        [session.id],
      )
    )[0]?.minutes ?? 0;
  // Requests on their way: a minute's run of the clock starts once the last one is answered, so an answer
  // awaited after it belongs to a request of that minute.
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  const aMinuteLater = async () => {
    await expect.poll(() => open.size).toBe(0);
    const polled = page.waitForResponse((r) => r.url().includes('/notifications/unread'));
    await page.clock.runFor(61_000);
    return polled;
  };

  // A minute before the limit the badge's poll is answered, and the device stays as idle as it was.
  await idleFor(IDLE_MINUTES - 1);
  expect((await aMinuteLater()).status()).toBe(200);
  await expect.poll(() => open.size).toBe(0);
  expect(await idleMinutes()).toBeGreaterThan(IDLE_MINUTES - 1.5);

  // Past the limit, the next minute ends the session: the login says why.
  await idleFor(IDLE_MINUTES + 1);
  await expect.poll(() => open.size).toBe(0);
  await page.clock.runFor(61_000);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet')).toBeVisible();
  expect(badgePolls.length).toBeGreaterThanOrEqual(1);
  expect(badgePolls.every((header) => header === '1')).toBe(true);
});
