import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { DEMO_GIFT_CARDS as CARDS } from '../seed/gift-cards-seed';
import { onPostgresRun } from '../test/pglite-only';
import { DEMO, openPGliteFromTemplate } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { loggerOptions, RequestLogController } from './request-log';
import { registerSecurityHeaders } from './security';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openPGliteFromTemplate();
  const env = loadEnv({
    NODE_ENV: 'test',
    // The most talkative level: not even a debug line may hold a secret.
    LOG_LEVEL: 'trace',
    SEED_ARTICLES: '50',
    WEB_DIST: '/nonexistent',
    PUSH_WORKER: 'false',
    DAY_CLOSE_WORKER: 'false',
  });
  app = await buildApp({ env, database, seed: true, logStream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const b64url = (b: Buffer) => b.toString('base64url');
const requestLines = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');

describe.skipIf(onPostgresRun)('request log', () => {
  it('writes one line per request and never a secret the requests carried', async () => {
    lines.length = 0;
    const secrets: Record<string, string> = {};
    const remoteAddress = '10.9.0.1';

    // A login with a password; the session token it hands out then travels in a cookie.
    secrets.password = DEMO.password;
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { ...DEMO }, remoteAddress });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name.endsWith('mde_session'));
    if (!session) throw new Error('no session cookie');
    secrets.sessionToken = session.value;
    const cookie = `${session.name}=${session.value}`;
    secrets.wrongPassword = 'Falsch-Geheim-4711';
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'demo', password: secrets.wrongPassword },
      remoteAddress,
    });

    // A password reset: the token from the mail and the new password.
    await app.inject({
      method: 'POST',
      url: '/api/v1/security/password/token',
      payload: { username: 'filiale', email: 'filiale@frischmarkt.example' },
      remoteAddress,
    });
    const mail = await database.db
      .selectFrom('mail_outbox')
      .select('body')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    secrets.resetToken = /Bestätigungscode lautet: ([\w-]+)/.exec(mail.body)?.[1] ?? '';
    expect(secrets.resetToken).toMatch(/^[\w-]{22}$/);
    secrets.newPassword = 'Neu-Geheim-0815!';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/security/password/reset',
      payload: {
        username: 'filiale',
        email: 'filiale@frischmarkt.example',
        token: secrets.resetToken,
        password: secrets.newPassword,
      },
      remoteAddress,
    });
    expect(reset.statusCode).toBe(200);

    // Gift cards: a balance check (code in the path), a charge (code in the body), an unknown code.
    secrets.giftCardInPath = CARDS.firma1Full.code;
    secrets.giftCardInBody = CARDS.firma1.code;
    secrets.unknownGiftCard = 'GC-7777-4242';
    const check = await app.inject({
      method: 'GET',
      url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${secrets.giftCardInPath}`,
      headers: { cookie },
    });
    expect(check.statusCode).toBe(200);
    const charge = await app.inject({
      method: 'POST',
      url: '/api/v1/coupon-card/coupon-card',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify({ type: 'GUTSCHEIN', code: secrets.giftCardInBody, action: 'CHARGE', amount: 1_000 }),
    });
    expect(charge.statusCode, charge.body).toBe(200);
    await app.inject({
      method: 'GET',
      url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${secrets.unknownGiftCard}`,
      headers: { cookie },
    });

    // A push subscription's endpoint.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    secrets.pushEndpoint = `https://push.example.test/send/${b64url(randomBytes(16))}`;
    const subscribe = await app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/push/subscriptions',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        deviceId: 'device-log-test',
        endpoint: secrets.pushEndpoint,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) },
      }),
    });
    expect(subscribe.statusCode).toBe(204);

    // An integration API key (whether or not its routes exist in this version).
    secrets.apiKey = `mde_${b64url(randomBytes(24))}`;
    await app.inject({
      method: 'GET',
      url: '/api/integration/v1/events?cursor=0',
      headers: { authorization: `Bearer ${secrets.apiKey}` },
    });
    // The same key on a path no route has: its line names no route.
    await app.inject({
      method: 'GET',
      url: '/api/integration/v1/no-such-route',
      headers: { authorization: `Bearer ${secrets.apiKey}` },
    });

    const log = lines.join('');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(log.includes(secret), `${name} in the log`).toBe(false);
    }
    // The gift-card numbers without their prefix are not there either.
    expect(log).not.toContain('1000-0002');

    const requests = requestLines();
    expect(requests).toHaveLength(10);
    const checkLine = requests.find((l) => l.route === '/api/v1/coupon-card/coupon-card/:type/:code');
    expect(checkLine).toMatchObject({ method: 'GET', status: 200, vkforg: 11 });
    expect(typeof checkLine?.userId).toBe('number');
    expect(checkLine?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(requests.map((l) => l.reqId)).size).toBe(requests.length);
    expect(typeof checkLine?.durationMs).toBe('number');
    const unknownRoute = requests.find((l) => l.status === 404 && l.method === 'GET' && l.userId === null);
    expect(unknownRoute?.route).toBeNull();
  });

  it('writes nothing for health probes', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/health/live' });
    await app.inject({ method: 'GET', url: '/health/ready' });
    expect(lines).toEqual([]);
  });

  it('logs an unexpected database error without the values it quotes', async () => {
    const own: string[] = [];
    const small = Fastify({
      logger: loggerOptions('info', { write: (l) => void own.push(l) }),
      logController: new RequestLogController(),
    });
    registerErrorHandling(small, {
      spa: false,
      securityHeaders: registerSecurityHeaders(small, false, [], { script: [], connect: [] }),
    });
    const secret = 'GC-1000-0002';
    small.get('/boom', async () => {
      // The shape of pg's and PGlite's DatabaseError: message, detail and where quote the statement's values.
      throw Object.assign(new Error(`duplicate key value violates unique constraint "gift_card_code_key"`), {
        name: 'DatabaseError',
        severity: 'ERROR',
        code: '23505',
        detail: `Key (code)=(${secret}) already exists.`,
        where: `SQL statement with ${secret}`,
        table: 'gift_card',
        constraint: 'gift_card_code_key',
      });
    });
    const res = await small.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    await small.close();
    const text = own.join('');
    expect(text).toContain('"code":"23505"');
    expect(text).toContain('gift_card_code_key');
    expect(text).not.toContain(secret);
  });
});
