import { randomUUID } from 'node:crypto';
import { GIFT_CARD_DEFAULT_LIMITS as LIMITS } from '@mde/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../test/test-app';

/**
 * Model-based property test: random rounds of charge / redeem / check / retry, the operations
 * of one round sent concurrently. After every round the card's balance equals the model's, equals the
 * ledger sum, and lies within 0 … the card limit; every answer agrees with what the model allows.
 */
type Op = { kind: 'CHARGE' | 'REDEEM'; amount: number } | { kind: 'CHECK' } | { kind: 'RETRY'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  // around and beyond the 5–500 EUR charge range, so refusals happen too
  fc.record({
    kind: fc.constant('CHARGE' as const),
    amount: fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom(500, 50_000)),
  }),
  fc.record({ kind: fc.constant('REDEEM' as const), amount: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ kind: fc.constant('CHECK' as const) }),
  fc.record({ kind: fc.constant('RETRY' as const), pick: fc.nat() }),
);
const roundsArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 });

const t = useTestApp();
const request = t.login(DEMO);

const inRange = (amount: number) => amount >= LIMITS.minCharge && amount <= LIMITS.maxCharge;
interface Booked {
  key: string;
  body: object;
  answer: string;
}

// Interleavings happen on PostgreSQL, where each request has a connection of its own: 1,000 runs there. PGlite
// hands its one connection to one statement or transaction at a time (pglite-dialect.ts), so a round's requests
// take turns and what its runs test is the model's rules (charge range, balance limit, redeem beyond the balance,
// replayed keys, a card's first charge). Those hang on the operations drawn, not on timing: with 1 to 9 operations
// of 4 kinds a run, each rule comes up in many of 250 runs, and each run draws new operations.
const RUNS = { postgres: 1_000, pglite: 250 } as const;

it('keeps balance = ledger sum = model, never below 0, over 1,000 runs of interleaved operations (250 on PGlite)', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(roundsArb, async (rounds) => {
      run += 1;
      // a fresh, unknown code per run: the first successful charge sells the card
      const code = `PROP-${run}-${randomUUID().slice(0, 6).toUpperCase()}`;
      await sql`delete from rate_limit`.execute(t.db); // checks are rate-limited per user
      let balance = 0;
      let exists = false;
      const booked: Booked[] = [];
      for (const round of rounds) {
        const sent = round.map((op) => send(code, op, booked));
        const answers = await Promise.all(sent.map((s) => s.response));
        const charges = round.flatMap((op) => (op.kind === 'CHARGE' && inRange(op.amount) ? [op.amount] : []));
        const redeems = round.flatMap((op) => (op.kind === 'REDEEM' ? [op.amount] : []));
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        let next = balance;
        round.forEach((op, i) => {
          const res = answers[i] as LightMyRequestResponse;
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 200 && op.kind !== 'RETRY' && op.kind !== 'CHECK') {
            const body = res.json();
            expect(body.balance).toBeGreaterThanOrEqual(0);
            expect(body.balance).toBeLessThanOrEqual(LIMITS.maxBalance);
            next += op.kind === 'CHARGE' ? op.amount : -op.amount;
            const s = sent[i];
            if (s?.key) booked.push({ key: s.key, body: s.body ?? {}, answer: res.body });
          }
          if (op.kind === 'CHARGE') {
            if (!inRange(op.amount)) expect(res.statusCode).toBe(422);
            else if (balance + sum(charges) <= LIMITS.maxBalance) expect(res.statusCode).toBe(200);
          }
          if (op.kind === 'REDEEM') {
            const othersTake = sum(redeems) - op.amount;
            if (exists && op.amount <= balance - othersTake) expect(res.statusCode).toBe(200);
            if (op.amount > balance + sum(charges)) expect(res.statusCode).not.toBe(200);
          }
          if (op.kind === 'CHECK' && res.statusCode === 200) {
            const seen = res.json().balance;
            expect(seen).toBeGreaterThanOrEqual(Math.max(0, balance - sum(redeems)));
            expect(seen).toBeLessThanOrEqual(balance + sum(charges));
          }
          if (op.kind === 'CHECK' && !exists && charges.length === 0) expect(res.statusCode).toBe(404);
          if (op.kind === 'RETRY' && sent[i]?.replayOf) {
            expect(res.statusCode).toBe(200);
            expect(res.body).toBe(sent[i]?.replayOf);
          }
        });
        balance = next;
        exists ||= answers.some((a, i) => a.statusCode === 200 && round[i]?.kind === 'CHARGE');
        const row = await ledger(code);
        if (!exists) expect(row).toBeUndefined();
        else {
          expect(row).toEqual({ balance, sum: balance });
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBeLessThanOrEqual(LIMITS.maxBalance);
        }
      }
    }),
    { numRuns: RUNS[t.kind] },
  );
}, 600_000);

function send(code: string, op: Op, booked: Booked[]) {
  if (op.kind === 'CHECK') {
    return { response: request({ method: 'GET', url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${code}` }) };
  }
  const previous = op.kind === 'RETRY' ? booked[op.pick % Math.max(1, booked.length)] : undefined;
  if (op.kind === 'RETRY' && !previous) {
    return { response: request({ method: 'GET', url: `/api/v1/coupon-card/coupon-card/GUTSCHEIN/${code}` }) };
  }
  const key = previous?.key ?? randomUUID();
  const body = previous?.body ?? { type: 'GUTSCHEIN', code, action: op.kind, amount: 'amount' in op ? op.amount : 0 };
  const response = request({
    method: 'POST',
    url: '/api/v1/coupon-card/coupon-card',
    headers: { 'idempotency-key': key },
    payload: body,
  });
  return { response, key: previous ? undefined : key, body, replayOf: previous?.answer };
}

async function ledger(code: string) {
  const r = await sql<{ balance: number; sum: number }>`
    select c.balance, coalesce(sum(case m.action when 'CHARGE' then m.amount else -m.amount end), 0)::int8 as sum
    from gift_card c left join gift_card_movement m on m.card_id = c.id
    where c.firma_id = 1 and c.type = 'GUTSCHEIN' and c.code = ${code} group by c.id`.execute(t.db);
  return r.rows[0];
}
