import type { EventType } from '@mde/contracts';
import type { Db } from '../../db/database';
import { insertEvent, userNameOf, vkforgNumberOf } from './integration-events.repository';

export interface EventInput {
  type: EventType;
  firmaId: number;
  vkforgId: number | null;
  /** Who did the work; null for work of the server itself (the day close). */
  userId: number | null;
  /** The whole document: header and lines, as the ERP books it. */
  document: Record<string, unknown>;
}

/**
 * The one way a module puts an export or booking into the ERP feed: in the caller's transaction, so the
 * event exists exactly when the work does (a rollback takes it back). Webhook subscriptions read the same
 * feed, so nothing else is queued here.
 */
export async function recordEvent(trx: Db, input: EventInput): Promise<number> {
  const user = input.userId === null ? undefined : await userNameOf(trx, input.userId);
  const row = await insertEvent(trx, {
    type: input.type,
    firma_id: input.firmaId,
    vkforg_id: input.vkforgId,
    // The ERP's key of the store, as it was when the work was done (docs/integration.md#erp-nummern).
    vkforg_number: await vkforgNumberOf(trx, input.vkforgId),
    user_id: input.userId,
    user_name: user?.username ?? null,
    document: JSON.stringify(input.document),
  });
  return row.id;
}
