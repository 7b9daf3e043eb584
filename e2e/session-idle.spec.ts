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
  // Requests on their way. The session is aged only once the page has been quiet for a moment (work a timer
  // started may send its request a little after the timer), so no request of before lands after it.
  const open = new Set<Request>();
  let lastChange = Date.now();
  const note = (change: () => void) => {
    change();
    lastChange = Date.now();
  };
  page.on('request', (r) => note(() => open.add(r)));
  page.on('requestfinished', (r) => note(() => open.delete(r)));
  page.on('requestfailed', (r) => note(() => open.delete(r)));
  const quiet = () => expect.poll(() => open.size === 0 && Date.now() - lastChange >= 1000).toBe(true);
  const badgePolls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/notifications/unread')) badgePolls.push(request.headers()['x-mde-background'] ?? '');
  });

  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(USERS.demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(USERS.demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
  // The start-up work after a sign-in (the idle watch's first question, the device copies, the article cache)
  // runs its timers first.
  await page.clock.runFor(61_000);

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

  // A minute before the limit the badge's poll is answered, and the device stays as idle as it was.
  await quiet();
  await idleFor(IDLE_MINUTES - 1);
  const polled = page.waitForResponse((r) => r.url().includes('/notifications/unread'));
  await page.clock.runFor(61_000);
  expect((await polled).status()).toBe(200);
  await quiet();
  expect(await idleMinutes()).toBeGreaterThan(IDLE_MINUTES - 1.5);

  // Past the limit, the next minute ends the session: the login says why.
  await idleFor(IDLE_MINUTES + 1);
  await page.clock.runFor(61_000);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Sie wurden aufgrund von Inaktivität automatisch abgemeldet')).toBeVisible();
  expect(badgePolls.length).toBeGreaterThanOrEqual(1);
  expect(badgePolls.every((header) => header === '1')).toBe(true);
});
