import { MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, EXTERN, FILIALE, type TestApp } from '../../test/test-app';
import { ACCOUNT_FAILURES_PER_HOUR } from './login-throttle';

let t: TestApp;
// The throttle's clock: real time, unless a test holds it still (a burst then arrives in one instant, however
// long this machine takes to answer it).
let heldAt: number | undefined;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => heldAt ?? Date.now() });
});
afterAll(() => t.close());
beforeEach(async () => {
  heldAt = undefined;
  await t.db.deleteFrom('login_failure').execute();
  await t.db.deleteFrom('login_known_address').execute();
});

const login = (payload: { username: string; password: string }, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress: ip });

function tally(codes: number[]) {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** Failures of an account from one address, made `secondsAgo` ago (as an attacker would have left them). */
async function pastFailures(username: string, ip: string, count: number, secondsAgo: number) {
  const keys = [`user:${username}`, `user:${username}|ip:${ip}`, `ip:${ip}`];
  await sql`
    insert into login_failure (throttle_key, failed_at)
    select k, now() - make_interval(secs => ${secondsAgo})
    from unnest(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[]) k, generate_series(1, ${count})`.execute(t.db);
}

describe('login throttle under parallel attempts', () => {
  it('lets a burst of 61 simultaneous attempts check no more passwords than the free allowance', async () => {
    heldAt = Date.now();
    const attempts = Array.from({ length: 61 }, (_, i) =>
      login(i === 30 ? EXTERN : { username: 'extern', password: `Falsch${i}!` }, '10.61.0.1'),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    const counts = tally(codes);
    // Five free failures from one address; everything beyond waits, whatever its password.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(56);
  });

  it('holds the hourly cap per account against a burst from addresses that have failed before', async () => {
    // 95 failures this hour, spread so that no address is delayed: one from each of ten addresses, the rest
    // from one that stopped long enough ago.
    await pastFailures('extern', '10.62.1.1', 85, 3000);
    for (let i = 0; i < 10; i++) await pastFailures('extern', `10.62.0.${i}`, 1, 600);
    const codes = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => login({ username: 'extern', password: `Falsch${i}!` }, `10.62.0.${i}`)),
      )
    ).map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ 401: 5, 429: 5 });
  });
});

describe('password guessing spread over many addresses', () => {
  it('checks no more than the hourly cap of 300 wrong passwords from 300 addresses; the owner still gets in', async () => {
    // The owner signed in from the store's address before the attack.
    expect((await login(EXTERN, '10.70.255.1')).statusCode).toBe(200);
    const codes: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const n = batch * 20 + i;
          return login({ username: 'extern', password: `Falsch${n}!` }, `10.70.${n >> 8}.${(n & 255) + 1}`);
        }),
      );
      codes.push(...answers.map((r) => r.statusCode));
    }
    const counts = tally(codes);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(ACCOUNT_FAILURES_PER_HOUR);
    expect(counts[429]).toBeGreaterThanOrEqual(300 - ACCOUNT_FAILURES_PER_HOUR);
    expect((await login(EXTERN, '10.70.255.1')).statusCode).toBe(200);
  }, 120_000);

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 10; i++) {
      codes.push(
        (await login({ username: 'extern', password: 'Falsch1!' }, `2001:db8:7:1::${i.toString(16)}`)).statusCode,
      );
    }
    expect(tally(codes)).toEqual({ 401: 5, 429: 5 });
    // Another /64 is another address.
    expect((await login({ username: 'extern', password: 'Falsch1!' }, '2001:db8:7:2::1')).statusCode).toBe(401);
  });
});

describe('nobody can keep an account locked', () => {
  it('lets the right password through from an address without recent failures, while the attacker waits', async () => {
    // An attacker who fails once every few minutes from one address.
    await pastFailures('filiale', '10.63.0.66', 40, 60);
    const attacker = await login({ username: 'filiale', password: 'Falsch1!' }, '10.63.0.66');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().code).toBe('LOGIN_THROTTLED');
    // It says in German how long to wait: the remaining 4 of 5 minutes.
    expect(attacker.json().message).toBe(MSG.loginThrottled(240));
    expect(attacker.json().message).toMatch(/4 Minuten/);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(230);
    // Even the right password waits there.
    expect((await login(FILIALE, '10.63.0.66')).statusCode).toBe(429);

    // The user, from the store's own address, gets in.
    expect((await login(FILIALE, '10.63.0.7')).statusCode).toBe(200);
  });

  it('still lets an address that signed in before in when the account has reached its hourly cap', async () => {
    expect((await login(FILIALE, '10.64.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await pastFailures('filiale', `10.64.0.${i}`, 5, 3000);
    expect((await login({ username: 'filiale', password: 'Falsch1!' }, '10.64.0.1')).statusCode).toBe(429);
    // A new address waits with the rest: the cap holds for every address the user never signed in from.
    expect((await login(FILIALE, '10.64.2.1')).statusCode).toBe(429);
    expect((await login(FILIALE, '10.64.1.1')).statusCode).toBe(200);
  });

  it('grows the delay with every failure of one address', async () => {
    const ip = '10.65.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: 'extern', password: 'Falsch1!' }, ip)).statusCode).toBe(401);
    }
    const first = await login({ username: 'extern', password: 'Falsch1!' }, ip);
    expect(first.statusCode).toBe(429);
    expect(first.json().message).toBe(MSG.loginThrottled(1));
    await sql`update login_failure set failed_at = failed_at - interval '2 seconds'`.execute(t.db);
    expect((await login({ username: 'extern', password: 'Falsch1!' }, ip)).statusCode).toBe(401);
    const second = await login({ username: 'extern', password: 'Falsch1!' }, ip);
    expect(second.json().message).toBe(MSG.loginThrottled(2));
  });
});
