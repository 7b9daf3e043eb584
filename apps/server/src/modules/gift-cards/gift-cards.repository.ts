import { GIFT_CARD_TIME_ZONE } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import './gift-cards.tables';

export interface CardKey {
  firmaId: number;
  type: string;
  code: string;
}
export interface IdempotencyKey {
  firmaId: number;
  userId: number;
  key: string;
}
/**
 * A pending key older than this belongs to a booking that died with its server; it may be taken over. A
 * booking runs in well under a second; one that is merely slow and taken over cannot store its answer
 * (completeIdempotencyKey checks its attempt) and rolls back, so a short lease books nothing twice.
 */
const STALE_PENDING = sql`interval '10 seconds'`;

export async function listCardTypes(db: Db, firmaId: number) {
  return db
    .selectFrom('gift_card_type')
    .select(['type', 'name', 'chargeable', 'min_charge', 'max_charge', 'max_balance'])
    .where('firma_id', '=', firmaId)
    .orderBy('type')
    .execute();
}

export async function findCardType(db: Db, firmaId: number, type: string) {
  return db
    .selectFrom('gift_card_type')
    .select(['type', 'chargeable', 'min_charge', 'max_charge', 'max_balance'])
    .where('firma_id', '=', firmaId)
    .where('type', '=', type)
    .executeTakeFirst();
}

export async function findCard(db: Db, card: CardKey) {
  return db
    .selectFrom('gift_card')
    .select(['id', 'code', 'type', 'balance', 'status'])
    .where('firma_id', '=', card.firmaId)
    .where('type', '=', card.type)
    .where('code', '=', card.code)
    .executeTakeFirst();
}

const movementColumns = [
  'm.id',
  'm.action',
  'm.amount',
  'm.balance_after',
  'm.created_at',
  'm.vkforg_id',
  'u.username',
] as const;

export async function listLastMovements(db: Db, firmaId: number, cardId: number, limit: number) {
  return db
    .selectFrom('gift_card_movement as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select(movementColumns)
    .where('m.firma_id', '=', firmaId)
    .where('m.card_id', '=', cardId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** The vkforg's movements of one calendar day in the store's time zone, oldest first. */
export async function listDayMovements(db: Db, firmaId: number, vkforgId: number, date: string) {
  const dayStart = sql<Date>`(${date}::date)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
  const dayEnd = sql<Date>`(${date}::date + 1)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
  return db
    .selectFrom('gift_card_movement as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .innerJoin('gift_card as c', 'c.id', 'm.card_id')
    .select([...movementColumns, 'c.code', 'c.type'])
    .where('m.firma_id', '=', firmaId)
    .where('m.vkforg_id', '=', vkforgId)
    .where('m.created_at', '>=', dayStart)
    .where('m.created_at', '<', dayEnd)
    .orderBy('m.id')
    .execute();
}

/**
 * Claims the key for one booking attempt in its own statement (before the booking transaction), so a
 * concurrent request on any instance sees 'pending'. Returns true when this attempt owns the key.
 */
export async function claimIdempotencyKey(db: Db, k: IdempotencyKey, requestHash: string, attempt: string) {
  const row = await db
    .insertInto('gift_card_idempotency')
    .values({
      firma_id: k.firmaId,
      user_id: k.userId,
      idempotency_key: k.key,
      request_hash: requestHash,
      attempt,
      status: 'pending',
      response: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['firma_id', 'user_id', 'idempotency_key'])
        .doUpdateSet({ attempt, created_at: sql`now()` })
        .where('gift_card_idempotency.status', '=', 'pending')
        .where('gift_card_idempotency.request_hash', '=', requestHash)
        .where('gift_card_idempotency.created_at', '<', sql<Date>`now() - ${STALE_PENDING}`),
    )
    .returning('attempt')
    .executeTakeFirst();
  return row?.attempt === attempt;
}

export async function findIdempotencyKey(db: Db, k: IdempotencyKey) {
  return db
    .selectFrom('gift_card_idempotency')
    .select(['status', 'request_hash', 'response'])
    .where('firma_id', '=', k.firmaId)
    .where('user_id', '=', k.userId)
    .where('idempotency_key', '=', k.key)
    .executeTakeFirst();
}

/** A booking that failed gives its key back, so the client's retry is evaluated afresh. */
export async function releaseIdempotencyKey(db: Db, k: IdempotencyKey, attempt: string) {
  await db
    .deleteFrom('gift_card_idempotency')
    .where('firma_id', '=', k.firmaId)
    .where('user_id', '=', k.userId)
    .where('idempotency_key', '=', k.key)
    .where('attempt', '=', attempt)
    .where('status', '=', 'pending')
    .execute();
}

/** Inside the booking transaction: stores the answer; false when another attempt took the key over. */
export async function completeIdempotencyKey(db: Db, k: IdempotencyKey, attempt: string, response: unknown) {
  const result = await db
    .updateTable('gift_card_idempotency')
    .set({ status: 'done', response: JSON.stringify(response), completed_at: sql`now()` })
    .where('firma_id', '=', k.firmaId)
    .where('user_id', '=', k.userId)
    .where('idempotency_key', '=', k.key)
    .where('attempt', '=', attempt)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A charge of an unknown code of a chargeable type sells a new card (balance 0 until the charge). */
export async function activateCard(db: Db, card: CardKey, vkforgId: number) {
  await db
    .insertInto('gift_card')
    .values({ firma_id: card.firmaId, type: card.type, code: card.code, sold_vkforg_id: vkforgId })
    .onConflict((oc) => oc.columns(['firma_id', 'type', 'code']).doNothing())
    .execute();
}

// The two balance changes are single conditional updates: the row lock they take and PostgreSQL's
// re-check of the WHERE after waiting make concurrent bookings safe without read-check-write.
export async function increaseBalance(db: Db, card: CardKey, amount: number, maxBalance: number) {
  return db
    .updateTable('gift_card')
    .set({ balance: sql`balance + ${amount}` })
    .where('firma_id', '=', card.firmaId)
    .where('type', '=', card.type)
    .where('code', '=', card.code)
    .where('status', '=', 'ACTIVE')
    .where(sql<boolean>`balance + ${amount} <= ${maxBalance}`)
    .returning(['id', 'balance'])
    .executeTakeFirst();
}

export async function decreaseBalance(db: Db, card: CardKey, amount: number) {
  return db
    .updateTable('gift_card')
    .set({ balance: sql`balance - ${amount}` })
    .where('firma_id', '=', card.firmaId)
    .where('type', '=', card.type)
    .where('code', '=', card.code)
    .where('status', '=', 'ACTIVE')
    .where('balance', '>=', amount)
    .returning(['id', 'balance'])
    .executeTakeFirst();
}

export async function insertMovement(
  db: Db,
  m: {
    firmaId: number;
    cardId: number;
    action: 'CHARGE' | 'REDEEM';
    amount: number;
    balanceAfter: number;
    userId: number;
    vkforgId: number;
    key: string;
  },
) {
  return db
    .insertInto('gift_card_movement')
    .values({
      firma_id: m.firmaId,
      card_id: m.cardId,
      action: m.action,
      amount: m.amount,
      balance_after: m.balanceAfter,
      user_id: m.userId,
      vkforg_id: m.vkforgId,
      idempotency_key: m.key,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}
