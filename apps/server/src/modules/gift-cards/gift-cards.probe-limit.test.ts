import { randomUUID } from 'node:crypto';
import { GIFT_CARD_CHECK_RATE, GIFT_CARD_MSG } from '@mde/contracts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS as CARDS } from '../../seed/gift-cards-seed';
import { as, DEMO, loginAs, useTestApp } from '../../test/test-app';

// Booking refusals tell whether a code exists, whether the card is blocked, and once told its balance:
// they are as good as a balance check for guessing codes, so they share its limit.
const t = useTestApp();
const demo = t.login(DEMO);
beforeEach(async () => {
  await sql`delete from rate_limit`.execute(t.db);
});

const probe = (request: ReturnType<typeof as>, code: string, amount = 10_000_000, action = 'REDEEM') =>
  request({
    method: 'POST',
    url: '/api/v1/coupon-card/coupon-card',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify({ type: 'GUTSCHEIN', code, action, amount }),
  });
const check = (request: ReturnType<typeof as>, code: string) =>
  request({ method: 'GET', url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${code}` });

describe('probing gift-card codes by booking', () => {
  it('counts refused bookings against the balance-check limit of the user', async () => {
    const max = GIFT_CARD_CHECK_RATE.max;
    const answers = await Promise.all(Array.from({ length: max + 10 }, (_, i) => probe(demo, `GC-9${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 404)).toHaveLength(max);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    // Checks and refused bookings share one window, across sessions of the user.
    expect((await check(as(t.app, await loginAs(t.app, DEMO)), CARDS.firma1.code)).statusCode).toBe(429);
  });

  it('lets balance checks use up the window that bookings then find used', async () => {
    for (let i = 0; i < GIFT_CARD_CHECK_RATE.max; i++) expect((await check(demo, `GC-8${i}`)).statusCode).toBe(404);
    expect((await probe(demo, CARDS.firma1.code)).statusCode).toBe(429);
  });

  it('does not count a booking that went through', async () => {
    for (let i = 0; i < GIFT_CARD_CHECK_RATE.max - 1; i++) await probe(demo, `GC-7${i}`);
    expect((await probe(demo, CARDS.firma1.code, 100)).statusCode).toBe(200);
    expect((await probe(demo, 'GC-7999')).statusCode).toBe(404);
    expect((await probe(demo, 'GC-7998')).statusCode).toBe(429);
  });

  it('names no balance when a redeem is above it', async () => {
    const res = await probe(demo, CARDS.firma1.code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: GIFT_CARD_MSG.wrongAmount,
      code: 'WRONG_AMOUNT',
      fields: { amount: GIFT_CARD_MSG.redeemAboveBalance },
    });
    expect(res.body).not.toMatch(/€|\d,\d\d/);
  });
});
