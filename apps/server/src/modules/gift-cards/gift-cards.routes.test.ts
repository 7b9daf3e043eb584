import { randomUUID } from 'node:crypto';
import { GIFT_CARD_MSG, MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS as CARDS } from '../../seed/gift-cards-seed';
import { as, DEMO, EXTERN, FILIALE, HUGE, loginAs, useTestApp } from '../../test/test-app';
import { eventsOfType } from '../../test/test-events';
import { requestHash } from './gift-cards.booking';

const t = useTestApp();
const demo = t.login(DEMO);
// Balance checks are rate-limited per user; each test starts with a fresh window.
beforeEach(async () => {
  await sql`delete from rate_limit`.execute(t.db);
});

const check = (request: ReturnType<typeof as>, type: string, code: string) =>
  request({ method: 'GET', url: `/api/v1/coupon-card/coupon-card/${type}/${encodeURIComponent(code)}` });
const post = (request: ReturnType<typeof as>, payload: unknown, key: string | null = randomUUID()) =>
  request({
    method: 'POST',
    url: '/api/v1/coupon-card/coupon-card',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const charge = (code: string, amount: number, type = 'GUTSCHEIN') =>
  post(demo, { type, code, action: 'CHARGE', amount });
const redeem = (code: string, amount: number, type = 'GUTSCHEIN') =>
  post(demo, { type, code, action: 'REDEEM', amount });

async function ledger(code: string) {
  const row = await sql<{ balance: number; sum: number; moves: number }>`
    select c.balance, coalesce(sum(case m.action when 'CHARGE' then m.amount else -m.amount end), 0)::int8 as sum,
           count(m.id)::int8 as moves
    from gift_card c left join gift_card_movement m on m.card_id = c.id
    where c.code = ${code} group by c.id`.execute(t.db);
  return row.rows[0];
}

describe('GET /api/v1/coupon-card/coupon-card/{type}/{code}', () => {
  it('shows code, type, balance, status and the last movements', async () => {
    const res = await check(demo, 'GUTSCHEIN', CARDS.firma1Full.code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: CARDS.firma1Full.code,
      type: 'GUTSCHEIN',
      balance: 10_000,
      status: 'ACTIVE',
    });
    expect(res.json().lastMovements[0]).toMatchObject({ action: 'CHARGE', amount: 10_000, balanceAfter: 10_000 });
  });

  it('accepts a typed code in lower case', async () => {
    expect((await check(demo, 'gutschein', CARDS.firma1Full.code.toLowerCase())).json().code).toBe(
      CARDS.firma1Full.code,
    );
  });

  it.each([
    ['an unknown code', 'GUTSCHEIN', 'GC-0000-0000'],
    ['an unknown type', 'KUNDENKARTE', CARDS.firma1.code],
    ['a card of another type', 'AKTION', CARDS.firma1.code],
    ['a card of firma 2', 'GUTSCHEIN', CARDS.firma2.code],
  ])('answers 404 "Ungültiger Gutscheincode" for %s', async (_, type, code) => {
    const res = await check(demo, type, code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: GIFT_CARD_MSG.invalidCode });
  });

  it('refuses a malformed or overlong code', async () => {
    expect((await check(demo, 'GUTSCHEIN', 'abc;drop')).statusCode).toBe(400);
    expect((await check(demo, 'GUTSCHEIN', 'X'.repeat(65))).statusCode).toBe(400);
    // Fastify's router refuses path parameters over 100 characters before any handler runs.
    expect((await check(demo, 'GUTSCHEIN', HUGE)).statusCode).toBe(414);
  });

  it('limits balance checks to 30 a minute per user, counted in the database', async () => {
    const secondSession = as(t.app, await loginAs(t.app, DEMO));
    for (let i = 0; i < 30; i++) {
      expect((await check(demo, 'GUTSCHEIN', `GUESS-${i}`)).statusCode).toBe(404);
    }
    const limited = await check(demo, 'GUTSCHEIN', CARDS.firma1.code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyRequests);
    // another session of the same user shares the window: the limit is per user, not per cookie
    expect((await check(secondSession, 'GUTSCHEIN', CARDS.firma1.code)).statusCode).toBe(429);
    const hits = await sql<{
      hits: number;
    }>`select hits from rate_limit where limit_key like '%gift-card-check:user:%'`.execute(t.db);
    expect(hits.rows[0]?.hits).toBe(32);
  });
});

describe('POST /api/v1/coupon-card/coupon-card', () => {
  it('charges a card and books one movement', async () => {
    const res = await charge(CARDS.firma1.code, 2_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: CARDS.firma1.code,
      type: 'GUTSCHEIN',
      action: 'CHARGE',
      amount: 2_000,
      balance: 7_000,
    });
    expect(res.json().transactionId).toBeGreaterThan(0);
    expect(await ledger(CARDS.firma1.code)).toEqual({ balance: 7_000, sum: 7_000, moves: 2 });
    // The movement is an event of the ERP feed.
    const moved = await eventsOfType(t.db, 'gift-card.moved');
    expect(moved.map((e) => e.document)).toContainEqual(res.json());
  });

  it('redeems from a card', async () => {
    const res = await redeem(CARDS.firma1Small.code, 1_050);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ action: 'REDEEM', amount: 1_050, balance: 1_450 });
    expect((await check(demo, 'GUTSCHEIN', CARDS.firma1Small.code)).json().lastMovements[0]).toMatchObject({
      transactionId: res.json().transactionId,
      action: 'REDEEM',
      balanceAfter: 1_450,
      username: 'demo',
      vkforgId: 11,
    });
  });

  it('refuses a redeem above the balance with 422 "Falscher Betrag" and books nothing', async () => {
    const res = await redeem(CARDS.firma1Small.code, 999_999);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: GIFT_CARD_MSG.wrongAmount, code: 'WRONG_AMOUNT' });
    const after = await ledger(CARDS.firma1Small.code);
    expect(after?.balance).toBe(after?.sum);
  });

  it('redeems the whole balance down to exactly 0, then nothing more', async () => {
    expect((await redeem(CARDS.firma1Promotion.code, 1_000, 'AKTION')).json().balance).toBe(0);
    expect((await redeem(CARDS.firma1Promotion.code, 1, 'AKTION')).json().message).toBe(GIFT_CARD_MSG.wrongAmount);
  });

  it('sells a new card when an unknown code of a chargeable type is charged', async () => {
    const res = await charge('NEU-4711', 2_500);
    expect(res.json()).toMatchObject({ code: 'NEU-4711', balance: 2_500 });
    const card = await t.db.selectFrom('gift_card').selectAll().where('code', '=', 'NEU-4711').executeTakeFirst();
    expect(card).toMatchObject({ firma_id: 1, sold_vkforg_id: 11, status: 'ACTIVE', balance: 2_500 });
  });

  it.each([
    ['redeem of an unknown code', () => redeem('GIBT-ES-NICHT', 500), 404, GIFT_CARD_MSG.invalidCode],
    [
      'charge of an unknown code of a non-chargeable type',
      () => charge('AK-NEU', 500, 'AKTION'),
      404,
      GIFT_CARD_MSG.invalidCode,
    ],
    ['charge of an unknown type', () => charge('X-1', 500, 'KUNDENKARTE'), 404, GIFT_CARD_MSG.invalidCode],
    [
      'charge of a promotion voucher',
      () => charge(CARDS.firma1Promotion.code, 500, 'AKTION'),
      422,
      GIFT_CARD_MSG.notChargeable,
    ],
    ['redeem of a blocked card', () => redeem(CARDS.firma1Blocked.code, 100), 422, GIFT_CARD_MSG.cardBlocked],
    ['charge of a blocked card', () => charge(CARDS.firma1Blocked.code, 1_000), 422, GIFT_CARD_MSG.cardBlocked],
    [
      'a charge below 5 EUR',
      () => charge(CARDS.firma1Full.code, 499),
      422,
      GIFT_CARD_MSG.chargeOutOfRange('5,00 €', '500,00 €'),
    ],
    [
      'a charge above 500 EUR',
      () => charge('NEU-LIMIT', 50_001),
      422,
      GIFT_CARD_MSG.chargeOutOfRange('5,00 €', '500,00 €'),
    ],
  ])('refuses %s with a German message', async (_, run, status, message) => {
    const res = await run();
    expect(res.statusCode).toBe(status);
    expect(res.json().message.replace(/\u00a0/g, ' ')).toBe(message);
  });

  it('keeps a card at most at 1,000 EUR', async () => {
    expect((await charge('NEU-VOLL', 50_000)).statusCode).toBe(200);
    expect((await charge('NEU-VOLL', 50_000)).json().balance).toBe(100_000);
    const over = await charge('NEU-VOLL', 500);
    expect(over.statusCode).toBe(422);
    expect(over.json().message.replace(/\u00a0/g, ' ')).toBe(GIFT_CARD_MSG.cardLimit('1.000,00 €'));
    expect(await ledger('NEU-VOLL')).toEqual({ balance: 100_000, sum: 100_000, moves: 2 });
  });

  it('takes the limits from the card type (configurable per firma)', async () => {
    await t.db
      .updateTable('gift_card_type')
      .set({ max_charge: 60_000, max_balance: 200_000 })
      .where('firma_id', '=', 1)
      .where('type', '=', 'GUTSCHEIN')
      .execute();
    try {
      expect((await charge('NEU-KONFIG', 60_000)).statusCode).toBe(200);
    } finally {
      await t.db
        .updateTable('gift_card_type')
        .set({ max_charge: 50_000, max_balance: 100_000 })
        .where('firma_id', '=', 1)
        .where('type', '=', 'GUTSCHEIN')
        .execute();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for a retry and books nothing more', async () => {
    const key = randomUUID();
    const body = { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM', amount: 300 };
    const first = await post(demo, body, key);
    const again = await post(demo, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const moves = await t.db.selectFrom('gift_card_movement').select('id').where('idempotency_key', '=', key).execute();
    expect(moves).toHaveLength(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const key = randomUUID();
    await post(demo, { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM', amount: 100 }, key);
    const res = await post(
      demo,
      { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM', amount: 200 },
      key,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(GIFT_CARD_MSG.keyReused);
  });

  it('answers 409 while the same key is still being booked, and lets a dead booking be taken over', async () => {
    const key = randomUUID();
    const body = { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM' as const, amount: 100 };
    const user = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    // the pending row another instance writes before its booking transaction
    await t.db
      .insertInto('gift_card_idempotency')
      .values({
        firma_id: 1,
        user_id: user.id,
        idempotency_key: key,
        request_hash: requestHash(body),
        attempt: randomUUID(),
        status: 'pending',
        response: null,
      })
      .execute();
    const res = await post(demo, body, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GIFT_CARD_MSG.keyInFlight);
    // a pending key of a server that died is taken over within seconds, not minutes
    await t.db
      .updateTable('gift_card_idempotency')
      .set({ created_at: sql`now() - interval '15 seconds'` })
      .where('idempotency_key', '=', key)
      .execute();
    expect((await post(demo, body, key)).statusCode).toBe(200);
  });

  it('frees the key of a refused booking, so the retry is judged afresh', async () => {
    const key = randomUUID();
    const body = { type: 'GUTSCHEIN', code: 'NEU-SPAETER', action: 'REDEEM', amount: 500 };
    expect((await post(demo, body, key)).statusCode).toBe(404);
    await charge('NEU-SPAETER', 500);
    expect((await post(demo, body, key)).statusCode).toBe(200);
  });

  it('scopes keys to the firma: the same key books again in firma 2', async () => {
    const key = randomUUID();
    const first = await post(
      demo,
      { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM', amount: 100 },
      key,
    );
    expect(first.statusCode).toBe(200);
    await demo({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } });
    try {
      const second = await post(
        demo,
        { type: 'GUTSCHEIN', code: CARDS.firma2.code, action: 'REDEEM', amount: 100 },
        key,
      );
      expect(second.statusCode).toBe(200);
      expect(second.json().transactionId).not.toBe(first.json().transactionId);
    } finally {
      await demo({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 11 } });
    }
  });

  it.each([
    ['missing', null],
    ['too short', 'abc'],
    ['10 kB long', HUGE],
    ['with spaces', 'a key with spaces'],
  ])('answers 400 for a key that is %s', async (_, key) => {
    const res = await post(
      demo,
      { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM', amount: 100 },
      key,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GIFT_CARD_MSG.keyMissing);
  });
});

describe('bad input', () => {
  const body = { type: 'GUTSCHEIN', code: CARDS.firma1Full.code, action: 'REDEEM' };
  it.each([
    ['a negative amount', { ...body, amount: -100 }],
    ['a zero amount', { ...body, amount: 0 }],
    ['fractional cents', { ...body, amount: 10.5 }],
    ['a huge amount', { ...body, amount: 1e20 }],
    ['a numeric string', { ...body, amount: '100' }],
    ['a non-numeric amount', { ...body, amount: 'zehn' }],
    ['null', { ...body, amount: null }],
    ['an unknown action', { ...body, action: 'REFUND', amount: 100 }],
    ['a 10 kB code', { ...body, code: HUGE, amount: 100 }],
    ['a 10 kB type', { ...body, type: HUGE, amount: 100 }],
    ['an unknown property', { ...body, amount: 100, balance: 0 }],
    ['a missing amount', body],
    ['malformed JSON', '{"type":"GUTSCHEIN",'],
  ])('refuses %s with 400 and a German message, booking nothing', async (_, payload) => {
    const before = await ledger(CARDS.firma1Full.code);
    const res = await post(demo, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Anfrage/);
    expect(res.body).not.toMatch(/stack|Error:/);
    expect(await ledger(CARDS.firma1Full.code)).toEqual(before);
  });

  it('refuses a bad date for the daily balance', async () => {
    expect((await demo({ method: 'GET', url: '/api/v1/coupon-card/daily-balance?date=21.11.26' })).statusCode).toBe(
      400,
    );
    expect((await demo({ method: 'GET', url: `/api/v1/coupon-card/daily-balance?date=${HUGE}` })).statusCode).toBe(400);
  });
});

describe('permissions and isolation', () => {
  const routes = [
    { method: 'GET' as const, url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${CARDS.firma1.code}` },
    { method: 'GET' as const, url: '/api/v1/coupon-card/daily-balance' },
    { method: 'GET' as const, url: '/api/v1/coupon-card/types' },
    {
      method: 'POST' as const,
      url: '/api/v1/coupon-card/coupon-card',
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'GUTSCHEIN', code: CARDS.firma1.code, action: 'REDEEM', amount: 100 },
    },
  ];

  it.each(routes)('$method $url needs a session (401) and GUTSCHEINKARTE (403)', async (route) => {
    expect((await t.app.inject(route)).statusCode).toBe(401);
    for (const user of [FILIALE, EXTERN]) {
      const res = await as(t.app, await loginAs(t.app, user))(route);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
  });

  it('keeps firmas apart: a firma-1 session cannot see or book a firma-2 card', async () => {
    expect((await check(demo, 'GUTSCHEIN', CARDS.firma2.code)).json().message).toBe(GIFT_CARD_MSG.invalidCode);
    const res = await post(demo, { type: 'GUTSCHEIN', code: CARDS.firma2.code, action: 'REDEEM', amount: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(GIFT_CARD_MSG.invalidCode);
    // a charge does not sell a firma-1 card under a firma-2 code either: it is a card of firma 1
    const firma2Before = await t.db
      .selectFrom('gift_card')
      .select('balance')
      .where('firma_id', '=', 2)
      .where('code', '=', CARDS.firma2.code)
      .executeTakeFirstOrThrow();
    expect((await charge(CARDS.firma2.code, 500)).json().balance).toBe(500);
    const firma2Card = await t.db
      .selectFrom('gift_card')
      .select('balance')
      .where('firma_id', '=', 2)
      .where('code', '=', CARDS.firma2.code)
      .executeTakeFirstOrThrow();
    expect(firma2Card.balance).toBe(firma2Before.balance);
  });

  it('keeps firmas apart: after a switch to firma 2 only its own cards and day are visible', async () => {
    expect(
      (await demo({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 21 } })).statusCode,
    ).toBe(200);
    try {
      expect((await check(demo, 'GUTSCHEIN', CARDS.firma2.code)).json().balance).toBeGreaterThan(0);
      expect((await check(demo, 'GUTSCHEIN', CARDS.firma1.code)).json().message).toBe(GIFT_CARD_MSG.invalidCode);
      const foreign = await post(demo, {
        type: 'GUTSCHEIN',
        code: CARDS.firma1Full.code,
        action: 'REDEEM',
        amount: 100,
      });
      expect(foreign.json().message).toBe(GIFT_CARD_MSG.invalidCode);
      const day = (await demo({ method: 'GET', url: '/api/v1/coupon-card/daily-balance' })).json();
      expect(day.transactions.length).toBeGreaterThan(0);
      expect(day.transactions.every((m: { vkforgId: number }) => m.vkforgId === 21)).toBe(true);
    } finally {
      await demo({ method: 'PATCH', url: '/api/v1/security/user/context', payload: { vkforgid: 11 } });
    }
  });
});

describe('GET /api/v1/coupon-card/daily-balance', () => {
  it("lists today's movements of the vkforg with the sums", async () => {
    const res = await demo({ method: 'GET', url: '/api/v1/coupon-card/daily-balance' });
    expect(res.statusCode).toBe(200);
    const day = res.json();
    expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const booked = await sql<{ action: string; amount: number }>`
      select action, amount from gift_card_movement where firma_id = 1 and vkforg_id = 11
        and (created_at at time zone 'Europe/Berlin')::date = ${day.date}::date`.execute(t.db);
    const sum = (a: string) => booked.rows.filter((r) => r.action === a).reduce((s, r) => s + r.amount, 0);
    expect(day.transactions).toHaveLength(booked.rows.length);
    expect(day).toMatchObject({ charged: sum('CHARGE'), redeemed: sum('REDEEM'), net: sum('CHARGE') - sum('REDEEM') });
    expect(day.charged).toBeGreaterThan(0);
    expect(day.redeemed).toBeGreaterThan(0);
  });

  it('shows the seeded sales on their day and nothing on an empty day', async () => {
    const sold = await sql<{ day: string }>`
      select to_char((created_at at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD') as day from gift_card_movement where idempotency_key = ${`seed-${CARDS.firma1.code}`}`.execute(
      t.db,
    );
    const day = (
      await demo({ method: 'GET', url: `/api/v1/coupon-card/daily-balance?date=${sold.rows[0]?.day}` })
    ).json();
    // vkforg 11 sold firma1, firma1Full, firma1Blocked and the promotion voucher that day
    expect(day.charged).toBe(5_000 + 10_000 + 1_500 + 1_000);
    expect(day.redeemed).toBe(0);
    const empty = (await demo({ method: 'GET', url: '/api/v1/coupon-card/daily-balance?date=2020-01-01' })).json();
    expect(empty).toEqual({ date: '2020-01-01', charged: 0, redeemed: 0, net: 0, transactions: [] });
  });
});

describe('ledger', () => {
  it('is append-only and keeps every balance equal to its ledger sum', async () => {
    await expect(sql`update gift_card_movement set amount = 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from gift_card_movement`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`update gift_card set balance = -1 where code = ${CARDS.firma1.code}`.execute(t.db),
    ).rejects.toThrow();
    const mismatched = await sql`
      select c.id from gift_card c left join gift_card_movement m on m.card_id = c.id group by c.id
      having c.balance <> coalesce(sum(case m.action when 'CHARGE' then m.amount else -m.amount end), 0)`.execute(t.db);
    expect(mismatched.rows).toEqual([]);
  });
});
