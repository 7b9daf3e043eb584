import { createHash, randomUUID } from 'node:crypto';
import { GIFT_CARD_MSG, type GiftCardBooking, type GiftCardBookingResult } from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError, conflict } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import { recordEvent } from '../integration-events/record-event';
import { notifyGiftCardBlocked } from '../notifications/notifications.events';
import * as repo from './gift-cards.repository';
import { invalidCode } from './gift-cards.service';

type Session = Pick<AuthContext, 'firmaId' | 'vkforgId' | 'userId'>;
export interface BookingOutcome {
  result: GiftCardBookingResult;
  replayed: boolean;
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const money = (cents: number) => euro.format(cents / 100);
const unprocessable = (code: string, message: string) => new AppError(422, code, message);
const inFlight = () => conflict('IDEMPOTENCY_IN_FLIGHT', GIFT_CARD_MSG.keyInFlight);

/** The same key must come with the same request; the hash covers the normalised body. */
export function requestHash(body: GiftCardBooking) {
  const canonical = JSON.stringify([body.type, body.code, body.action, body.amount]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Charge or redeem under an Idempotency-Key (docs/architecture.md#idempotent-writes: a retry returns the first answer and
 * books nothing). The key is claimed 'pending' in its own statement; the booking transaction moves the
 * balance, appends the movement and stores the answer, all or nothing.
 */
export async function book(db: Db, session: Session, key: string, body: GiftCardBooking): Promise<BookingOutcome> {
  const idem = { firmaId: session.firmaId, userId: session.userId, key };
  const hash = requestHash(body);
  const attempt = randomUUID();
  if (!(await repo.claimIdempotencyKey(db, idem, hash, attempt))) {
    const existing = await repo.findIdempotencyKey(db, idem);
    // Released between our claim and this read: the client may simply retry.
    if (!existing) throw inFlight();
    if (existing.request_hash !== hash) throw unprocessable('IDEMPOTENCY_KEY_REUSED', GIFT_CARD_MSG.keyReused);
    if (existing.status === 'pending') throw inFlight();
    return { result: existing.response as GiftCardBookingResult, replayed: true };
  }
  try {
    const result = await db.transaction().execute(async (trx) => {
      const booked = await bookMovement(trx, session, key, body);
      if (!(await repo.completeIdempotencyKey(trx, idem, attempt, booked))) throw inFlight();
      return booked;
    });
    return { result, replayed: false };
  } catch (error) {
    await repo.releaseIdempotencyKey(db, idem, attempt);
    if (error instanceof AppError && error.code === 'CARD_BLOCKED')
      await notifyGiftCardBlocked(db, session.userId, body);
    // The movement's unique key caught a second booking of the same key: it is in flight elsewhere.
    if (isUniqueViolation(error)) throw inFlight();
    throw error;
  }
}

async function bookMovement(trx: Db, session: Session, key: string, body: GiftCardBooking) {
  const card = { firmaId: session.firmaId, type: body.type, code: body.code };
  const cardType = await repo.findCardType(trx, session.firmaId, body.type);
  if (!cardType) throw invalidCode();
  let changed: { id: number; balance: number } | undefined;
  if (body.action === 'CHARGE') {
    if (body.amount < cardType.min_charge || body.amount > cardType.max_charge) {
      throw unprocessable(
        'CHARGE_OUT_OF_RANGE',
        GIFT_CARD_MSG.chargeOutOfRange(money(cardType.min_charge), money(cardType.max_charge)),
      );
    }
    if (!cardType.chargeable) {
      throw (await repo.findCard(trx, card))
        ? unprocessable('NOT_CHARGEABLE', GIFT_CARD_MSG.notChargeable)
        : invalidCode();
    }
    await repo.activateCard(trx, card, session.vkforgId);
    changed = await repo.increaseBalance(trx, card, body.amount, cardType.max_balance);
  } else {
    changed = await repo.decreaseBalance(trx, card, body.amount);
  }
  if (!changed) throw await explainRefusal(trx, card, body.action, cardType);
  const movement = await repo.insertMovement(trx, {
    firmaId: session.firmaId,
    cardId: changed.id,
    action: body.action,
    amount: body.amount,
    balanceAfter: changed.balance,
    userId: session.userId,
    vkforgId: session.vkforgId,
    key,
  });
  const result = {
    code: body.code,
    type: body.type,
    action: body.action,
    amount: body.amount,
    balance: changed.balance,
    transactionId: movement.id,
    createdAt: new Date(movement.created_at).toISOString(),
  } satisfies GiftCardBookingResult;
  // The ERP gets the movement in the feed in this same transaction (integration events).
  await recordEvent(trx, {
    type: 'gift-card.moved',
    firmaId: session.firmaId,
    vkforgId: session.vkforgId,
    userId: session.userId,
    document: result,
  });
  return result;
}

/** Why the conditional update touched no row; read after the refusal, so it decides nothing. */
async function explainRefusal(
  trx: Db,
  card: repo.CardKey,
  action: GiftCardBooking['action'],
  cardType: { max_balance: number },
) {
  const current = await repo.findCard(trx, card);
  if (!current) return invalidCode();
  if (current.status !== 'ACTIVE') return unprocessable('CARD_BLOCKED', GIFT_CARD_MSG.cardBlocked);
  if (action === 'REDEEM') {
    // docs/spec.md §5: the amount must not exceed the balance, subject 'Falscher Betrag'. The balance itself is not
    // named: the app shows the one it checked, and a booking must not tell the balance of an unchecked card.
    return new AppError(422, 'WRONG_AMOUNT', GIFT_CARD_MSG.wrongAmount, {
      amount: GIFT_CARD_MSG.redeemAboveBalance,
    });
  }
  return unprocessable('CARD_LIMIT', GIFT_CARD_MSG.cardLimit(money(cardType.max_balance)));
}

// Refusals that tell whether a code exists, whether its card is blocked or how its balance stands.
const CARD_REVEALING = new Set(['NOT_FOUND', 'CARD_BLOCKED', 'WRONG_AMOUNT', 'CARD_LIMIT', 'NOT_CHARGEABLE']);

export const revealsCard = (error: unknown) => error instanceof AppError && CARD_REVEALING.has(error.code);

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
