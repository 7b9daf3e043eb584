import { randomUUID } from 'node:crypto';
import { GIFT_CARD_MSG } from '@mde/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createSecondInstance, DEMO, loginAs, useTestApp } from '../../test/test-app';

// docs/modules.md#gutscheinkarte: the balance never goes negative, also under concurrent redeems from several devices, and a
// retried confirm never books twice. On PostgreSQL the requests go to two server instances on one database.
let second: FastifyInstance | undefined;
let instances: ReturnType<typeof as>[];
const t = useTestApp({
  prepare: async (t) => {
    second = await createSecondInstance(t);
    const cookie = await loginAs(t.app, DEMO);
    instances = [as(t.app, cookie), ...(second ? [as(second, cookie)] : [])];
  },
});
// After hooks run last-registered first: the second instance closes before the helper closes t.
afterAll(() => second?.close());

const book = (i: number, body: object, key = randomUUID()) =>
  (instances[i % instances.length] ?? instances[0])?.({
    method: 'POST',
    url: '/api/v1/coupon-card/coupon-card',
    headers: { 'idempotency-key': key },
    payload: body,
  });

async function ledgerOf(code: string) {
  const r = await sql<{ balance: number; sum: number; moves: number }>`
    select c.balance, coalesce(sum(case m.action when 'CHARGE' then m.amount else -m.amount end), 0)::int8 as sum,
           count(m.id)::int8 as moves
    from gift_card c left join gift_card_movement m on m.card_id = c.id
    where c.firma_id = 1 and c.code = ${code} group by c.id`.execute(t.db);
  return r.rows[0];
}

describe(`concurrent bookings (${process.env.TEST_DATABASE_URL ? 'PostgreSQL, two instances' : 'PGlite'})`, () => {
  it('200 concurrent redeems of 1 EUR on a 100 EUR card: exactly 100 succeed, balance 0 = ledger sum', async () => {
    expect(instances).toHaveLength(t.kind === 'postgres' ? 2 : 1);
    const code = `RACE-${randomUUID().slice(0, 8).toUpperCase()}`;
    expect((await book(0, { type: 'GUTSCHEIN', code, action: 'CHARGE', amount: 10_000 }))?.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => book(i, { type: 'GUTSCHEIN', code, action: 'REDEEM', amount: 100 })),
    );
    const ok = answers.filter((a) => a?.statusCode === 200);
    const refused = answers.filter((a) => a?.statusCode === 422);
    // Refusals count like balance checks (30 a minute per user): beyond those the answer is 429.
    const limited = answers.filter((a) => a?.statusCode === 429);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(30);
    expect(limited).toHaveLength(70);
    expect(refused.every((a) => a?.json().message === GIFT_CARD_MSG.wrongAmount)).toBe(true);
    // every successful answer saw a different balance: no two redeems booked on the same state
    expect(new Set(ok.map((a) => a?.json().balance)).size).toBe(100);
    expect(await ledgerOf(code)).toEqual({ balance: 0, sum: 0, moves: 101 });
  });

  it('50 concurrent retries of one Idempotency-Key: one movement, identical replays or 409, no 5xx', async () => {
    const code = `RETRY-${randomUUID().slice(0, 8).toUpperCase()}`;
    await book(0, { type: 'GUTSCHEIN', code, action: 'CHARGE', amount: 5_000 });
    const key = randomUUID();
    const body = { type: 'GUTSCHEIN', code, action: 'REDEEM', amount: 700 };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i, body, key)));
    const statuses = answers.map((a) => a?.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const ok = answers.filter((a) => a?.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a?.body)).size).toBe(1);
    for (const a of answers.filter((x) => x?.statusCode === 409)) {
      expect(a?.json().message).toBe(GIFT_CARD_MSG.keyInFlight);
    }
    expect(await ledgerOf(code)).toEqual({ balance: 4_300, sum: 4_300, moves: 2 });
    // once settled, every retry replays the first answer
    const late = await book(1, body, key);
    expect(late?.statusCode).toBe(200);
    expect(late?.body).toBe(ok[0]?.body);
  });

  it('concurrent first charges of a new code sell one card and book every charge', async () => {
    const code = `SALE-${randomUUID().slice(0, 8).toUpperCase()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(i, { type: 'GUTSCHEIN', code, action: 'CHARGE', amount: 1_000 })),
    );
    expect(answers.map((a) => a?.statusCode)).toEqual(Array(20).fill(200));
    expect(await ledgerOf(code)).toEqual({ balance: 20_000, sum: 20_000, moves: 20 });
  });
});
