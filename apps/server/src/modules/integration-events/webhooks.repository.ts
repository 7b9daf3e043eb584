import { sql } from 'kysely';
import { intArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';
import type { FeedPosition } from './event-cursor';
import { type EventRow, visibleBelow } from './integration-events.repository';
import './integration-events.tables';

export interface SubscriptionValues {
  url: string;
  eventTypes: string[];
  firmaIds: readonly number[];
  secret: string;
  ownerUserId: number | null;
  start: FeedPosition;
}

export async function insertSubscription(db: Db, v: SubscriptionValues) {
  return db
    .insertInto('webhook_subscription')
    .values({
      url: v.url,
      event_types: v.eventTypes,
      firma_ids: [...v.firmaIds],
      secret: v.secret,
      owner_user_id: v.ownerUserId,
      cursor_xact: v.start.xact,
      cursor_id: v.start.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Subscriptions made for some of these firmas and none other (null: every subscription). */
const withinFirmas = (firmaIds: readonly number[]) =>
  sql<boolean>`(cardinality(webhook_subscription.firma_ids) > 0 and webhook_subscription.firma_ids <@ ${intArrayLiteral(firmaIds)}::int[])`;

export function listSubscriptions(db: Db, firmaIds: readonly number[] | null) {
  let query = db.selectFrom('webhook_subscription').selectAll().orderBy('id');
  if (firmaIds !== null) query = query.where(withinFirmas(firmaIds));
  return query.execute();
}

export function findSubscription(db: Db, id: number, firmaIds: readonly number[] | null) {
  let query = db.selectFrom('webhook_subscription').selectAll().where('id', '=', id);
  if (firmaIds !== null) query = query.where(withinFirmas(firmaIds));
  return query.executeTakeFirst();
}

export async function disableSubscription(db: Db, id: number) {
  return db
    .updateTable('webhook_subscription')
    .set({ enabled: false, disabled_at: sql`coalesce(disabled_at, now())`, lease_until: null, lease_token: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface ClaimedSubscription {
  id: number;
  url: string;
  event_types: string[];
  firma_ids: number[];
  secret: string;
  owner_user_id: number | null;
  cursor_xact: number;
  cursor_id: number;
  failing_since: Date | null;
  lease_token: string;
}

/**
 * Takes up to `limit` enabled subscriptions that are due for this worker: `for update skip locked` keeps two
 * instances off the same row, and the lease keeps it from being taken again while its delivery is on its way
 * (a worker that dies mid-send leaves it to be taken again after the lease). One holder per subscription is
 * what keeps its deliveries in feed order.
 */
export async function claimDueSubscriptions(db: Db, limit: number, leaseSeconds: number, token: string) {
  const result = await sql<ClaimedSubscription>`
    update webhook_subscription set lease_until = now() + make_interval(secs => ${leaseSeconds}), lease_token = ${token}
    where id in (
      select id from webhook_subscription
      where enabled and next_attempt_at <= now() and (lease_until is null or lease_until <= now())
      order by next_attempt_at, id limit ${limit} for update skip locked
    )
    returning id, url, event_types, firma_ids, secret, owner_user_id, cursor_xact, cursor_id, failing_since, lease_token`.execute(
    db,
  );
  return result.rows;
}

/**
 * The subscription's next event in feed order, of ended transactions only (as the feed reads), of its types and
 * its firmas.
 */
export async function nextEventFor(db: Db, s: ClaimedSubscription): Promise<EventRow | undefined> {
  if (s.firma_ids.length === 0) return undefined;
  let query = db
    .selectFrom('integration_event')
    .selectAll()
    .where((eb) => eb(eb.refTuple('xact_id', 'id'), '>', eb.tuple(s.cursor_xact, s.cursor_id)))
    .where('xact_id', '<', visibleBelow)
    .orderBy('xact_id')
    .orderBy('id')
    .limit(1);
  if (!s.event_types.includes('*')) query = query.where('type', 'in', s.event_types);
  query = query.where('firma_id', 'in', s.firma_ids);
  return (await query.executeTakeFirst()) as EventRow | undefined;
}

/** The log row of this subscription and event, made on its first attempt. */
export async function deliveryFor(db: Db, subscriptionId: number, eventId: number) {
  const row = await db
    .insertInto('webhook_delivery')
    .values({ subscription_id: subscriptionId, event_id: eventId })
    .onConflict((oc) => oc.columns(['subscription_id', 'event_id']).doUpdateSet({ subscription_id: subscriptionId }))
    .returning(['id', 'attempts'])
    .executeTakeFirstOrThrow();
  return row;
}

export interface AttemptValues {
  deliveryId: number;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The delivery's state after the attempt; a manual redelivery that fails leaves it as it was. */
  status?: 'delivered' | 'failed';
}

export async function logAttempt(db: Db, a: AttemptValues) {
  await db
    .insertInto('webhook_attempt')
    .values({
      delivery_id: a.deliveryId,
      ok: a.ok,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
    })
    .execute();
  await db
    .updateTable('webhook_delivery')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status_code: a.statusCode,
      ...(a.status ? { status: a.status, finished_at: new Date() } : {}),
    }))
    .where('id', '=', a.deliveryId)
    .execute();
}

/** Delivered: the cursor moves past the event, and the lease is renewed for the next one. */
export async function advance(
  db: Db,
  s: ClaimedSubscription,
  event: { xact_id: number; id: number },
  leaseSeconds: number,
) {
  await db
    .updateTable('webhook_subscription')
    .set({
      cursor_xact: event.xact_id,
      cursor_id: event.id,
      failing_since: null,
      next_attempt_at: sql`now()`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('id', '=', s.id)
    .where('lease_token', '=', s.lease_token)
    .execute();
}

/** Failed: tried again after `delaySeconds`; failing since the first failure of this event. */
export async function retryLater(db: Db, s: ClaimedSubscription, delaySeconds: number) {
  await db
    .updateTable('webhook_subscription')
    .set({
      next_attempt_at: sql`now() + make_interval(secs => ${delaySeconds})`,
      failing_since: sql`coalesce(failing_since, now())`,
      lease_until: null,
      lease_token: null,
    })
    .where('id', '=', s.id)
    .where('lease_token', '=', s.lease_token)
    .execute();
}

export async function release(db: Db, s: ClaimedSubscription) {
  await db
    .updateTable('webhook_subscription')
    .set({ lease_until: null, lease_token: null })
    .where('id', '=', s.id)
    .where('lease_token', '=', s.lease_token)
    .execute();
}

export async function listDeliveries(db: Db, subscriptionId: number, limit: number) {
  const deliveries = await db
    .selectFrom('webhook_delivery as d')
    .innerJoin('integration_event as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'd.status', 'e.type'])
    .where('d.subscription_id', '=', subscriptionId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempt')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('id')
          .execute();
  return deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.delivery_id === d.id) }));
}

export const findDelivery = (db: Db, id: number) =>
  db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();

/** The user a webhook is made for (`--owner`), by exact user name. */
export const userByName = (trx: Db, username: string) =>
  trx.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirst();
