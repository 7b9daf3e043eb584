import { GIFT_CARD_TIME_ZONE, type Permission } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import './gift-cards.tables';

const GIFT_CARD_PERMISSION: Permission = 'GUTSCHEINKARTE';

/** The vkforgs with gift-card movements on the store day whose day close was not written yet. */
export function listUnclosedVkforgs(db: Db, day: string) {
  const dayStart = sql<Date>`(${day}::date)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
  const dayEnd = sql<Date>`(${day}::date + 1)::timestamp at time zone ${GIFT_CARD_TIME_ZONE}`;
  return db
    .selectFrom('gift_card_movement as m')
    .select(['m.firma_id', 'm.vkforg_id'])
    .where('m.created_at', '>=', dayStart)
    .where('m.created_at', '<', dayEnd)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('gift_card_day_close as c')
            .select('c.vkforg_id')
            .whereRef('c.vkforg_id', '=', 'm.vkforg_id')
            .where('c.day', '=', day),
        ),
      ),
    )
    .groupBy(['m.firma_id', 'm.vkforg_id'])
    .orderBy('m.vkforg_id')
    .execute();
}

/**
 * Claims the vkforg's day in the caller's transaction. A second instance's claim waits on the first one's
 * uncommitted row and then finds it taken (false); a rollback frees the day for the next run.
 */
export async function claimDayClose(db: Db, vkforgId: number, day: string): Promise<boolean> {
  const row = await db
    .insertInto('gift_card_day_close')
    .values({ vkforg_id: vkforgId, day })
    .onConflict((oc) => oc.columns(['vkforg_id', 'day']).doNothing())
    .returning('vkforg_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Users who may work with gift cards in the vkforg: its users with the gift-card permission. */
export async function listGiftCardUsers(db: Db, vkforgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_vkforg as v')
    .innerJoin('user_permission as p', 'p.user_id', 'v.user_id')
    .select('v.user_id')
    .where('v.vkforg_id', '=', vkforgId)
    .where('p.permission', '=', GIFT_CARD_PERMISSION)
    .orderBy('v.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
