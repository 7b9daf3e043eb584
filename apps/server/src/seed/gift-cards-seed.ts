import { GIFT_CARD_TYPE_DEFAULT } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import '../modules/gift-cards/gift-cards.tables';

/** Demo cards (balances in cents); tests and e2e journeys use these codes. */
export const DEMO_GIFT_CARDS = {
  firma1: { type: GIFT_CARD_TYPE_DEFAULT, code: 'GC-1000-0001', balance: 5_000 },
  firma1Full: { type: GIFT_CARD_TYPE_DEFAULT, code: 'GC-1000-0002', balance: 10_000 },
  firma1Small: { type: GIFT_CARD_TYPE_DEFAULT, code: 'GC-1000-0003', balance: 2_500 },
  firma1Blocked: { type: GIFT_CARD_TYPE_DEFAULT, code: 'GC-1000-0099', balance: 1_500 },
  firma1Promotion: { type: 'AKTION', code: 'AK-1000-0001', balance: 1_000 },
  firma2: { type: GIFT_CARD_TYPE_DEFAULT, code: 'GC-2000-0001', balance: 7_500 },
} as const;

const TYPES = [
  { type: GIFT_CARD_TYPE_DEFAULT, name: 'Gutscheinkarte', chargeable: true },
  // A promotion voucher is issued with a fixed value and can only be redeemed.
  { type: 'AKTION', name: 'Aktionsgutschein', chargeable: false },
];

const CARDS = [
  { firma: 1, vkforg: 11, ...DEMO_GIFT_CARDS.firma1, blocked: false },
  { firma: 1, vkforg: 11, ...DEMO_GIFT_CARDS.firma1Full, blocked: false },
  { firma: 1, vkforg: 12, ...DEMO_GIFT_CARDS.firma1Small, blocked: false },
  { firma: 1, vkforg: 11, ...DEMO_GIFT_CARDS.firma1Blocked, blocked: true },
  { firma: 1, vkforg: 11, ...DEMO_GIFT_CARDS.firma1Promotion, blocked: false },
  { firma: 2, vkforg: 21, ...DEMO_GIFT_CARDS.firma2, blocked: false },
];

/** Card types for both firmas and the demo cards, each with its selling movement (balance = ledger sum). */
export async function seedGiftCards(db: Db) {
  await db
    .insertInto('gift_card_type')
    .values([1, 2].flatMap((firma_id) => TYPES.map((t) => ({ firma_id, ...t }))))
    .execute();
  const demo = await db.selectFrom('app_user').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  for (const card of CARDS) {
    // Sold a few days ago, so today's daily balance starts empty.
    const soldAt = sql<Date>`now() - interval '3 days'`;
    const row = await db
      .insertInto('gift_card')
      .values({
        firma_id: card.firma,
        type: card.type,
        code: card.code,
        balance: card.balance,
        status: card.blocked ? 'BLOCKED' : 'ACTIVE',
        sold_vkforg_id: card.vkforg,
        created_at: soldAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('gift_card_movement')
      .values({
        firma_id: card.firma,
        card_id: row.id,
        action: 'CHARGE',
        amount: card.balance,
        balance_after: card.balance,
        user_id: demo.id,
        vkforg_id: card.vkforg,
        idempotency_key: `seed-${card.code}`,
        created_at: soldAt,
      })
      .execute();
  }
}
