import {
  type DailyBalance,
  GIFT_CARD_LAST_MOVEMENTS,
  GIFT_CARD_MSG,
  type GiftCard,
  type GiftCardMovement,
  type GiftCardTypeInfo,
  giftCardBusinessDate,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './gift-cards.repository';

type Session = Pick<AuthContext, 'firmaId' | 'vkforgId' | 'userId'>;

export const invalidCode = () => notFound(GIFT_CARD_MSG.invalidCode);

export async function listTypes(db: Db, session: Session): Promise<GiftCardTypeInfo[]> {
  const rows = await repo.listCardTypes(db, session.firmaId);
  return rows.map((r) => ({
    type: r.type,
    name: r.name,
    chargeable: r.chargeable,
    minCharge: r.min_charge,
    maxCharge: r.max_charge,
    maxBalance: r.max_balance,
  }));
}

function toMovement(row: Awaited<ReturnType<typeof repo.listLastMovements>>[number]): GiftCardMovement {
  return {
    transactionId: row.id,
    action: row.action,
    amount: row.amount,
    balanceAfter: row.balance_after,
    createdAt: new Date(row.created_at).toISOString(),
    username: row.username,
    vkforgId: row.vkforg_id,
  };
}

/** docs/spec.md §7 load a gift card. A card of another firma is as unknown as one that never existed. */
export async function getCard(db: Db, session: Session, params: { type: string; code: string }): Promise<GiftCard> {
  const card = await repo.findCard(db, { firmaId: session.firmaId, ...params });
  if (!card) throw invalidCode();
  const movements = await repo.listLastMovements(db, session.firmaId, card.id, GIFT_CARD_LAST_MOVEMENTS);
  return {
    code: card.code,
    type: card.type,
    balance: card.balance,
    status: card.status,
    lastMovements: movements.map(toMovement),
  };
}

/** Daily balance of the session's vkforg (docs/modules.md#gutscheinkarte): the day's movements and their sums. */
export function getDailyBalance(db: Db, session: Session, date = giftCardBusinessDate()): Promise<DailyBalance> {
  return dayBalance(db, session.firmaId, session.vkforgId, date);
}

/** The movements of one vkforg on one store day and their sums (the screen and the day close alike). */
export async function dayBalance(db: Db, firmaId: number, vkforgId: number, date: string): Promise<DailyBalance> {
  const rows = await repo.listDayMovements(db, firmaId, vkforgId, date);
  let charged = 0;
  let redeemed = 0;
  for (const row of rows) {
    if (row.action === 'CHARGE') charged += row.amount;
    else redeemed += row.amount;
  }
  return {
    date,
    charged,
    redeemed,
    net: charged - redeemed,
    transactions: rows.map((row) => ({ ...toMovement(row), code: row.code, type: row.type })),
  };
}
