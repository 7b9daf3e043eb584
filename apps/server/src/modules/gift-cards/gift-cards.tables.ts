import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface GiftCardTypeTable {
  firma_id: number;
  type: string;
  name: string;
  chargeable: boolean;
  min_charge: Generated<number>;
  max_charge: Generated<number>;
  max_balance: Generated<number>;
}
export interface GiftCardTable {
  id: Generated<number>;
  firma_id: number;
  type: string;
  code: string;
  balance: Generated<number>;
  status: Generated<'ACTIVE' | 'BLOCKED'>;
  sold_vkforg_id: number | null;
  created_at: Generated<Date>;
}
export interface GiftCardIdempotencyTable {
  firma_id: number;
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  attempt: string;
  status: 'pending' | 'done';
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}
export interface GiftCardMovementTable {
  id: Generated<number>;
  firma_id: number;
  card_id: number;
  action: 'CHARGE' | 'REDEEM';
  amount: number;
  balance_after: number;
  user_id: number;
  vkforg_id: number;
  idempotency_key: string;
  created_at: Generated<Date>;
}

/** Migration 20261127_0201: the vkforg's store day whose day-close notifications were written. */
export interface GiftCardDayCloseTable {
  vkforg_id: number;
  day: ColumnType<string, string, string>;
  created_at: Generated<Date>;
}

declare module '../../db/schema' {
  interface Database {
    gift_card_day_close: GiftCardDayCloseTable;
    gift_card_type: GiftCardTypeTable;
    gift_card: GiftCardTable;
    gift_card_idempotency: GiftCardIdempotencyTable;
    gift_card_movement: GiftCardMovementTable;
  }
}
