import { sql } from 'kysely';
import type { Db } from '../../db/database';

export async function findVapidKeys(db: Db) {
  return db.selectFrom('push_vapid_key').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** The first instance to start stores its pair; the others keep theirs unused and read the stored one. */
export async function storeVapidKeysOnce(db: Db, keys: { publicKey: string; privateKey: string }) {
  await db
    .insertInto('push_vapid_key')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface SubscriptionValues {
  userId: number;
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One subscription per user and device; an endpoint taken over by another user or device moves with it. */
export async function saveSubscription(db: Db, s: SubscriptionValues) {
  await db
    .deleteFrom('push_subscription')
    .where('endpoint', '=', s.endpoint)
    .where((eb) => eb.or([eb('user_id', '<>', s.userId), eb('device_id', '<>', s.deviceId)]))
    .execute();
  await db
    .insertInto('push_subscription')
    .values({ user_id: s.userId, device_id: s.deviceId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) =>
      oc.columns(['user_id', 'device_id']).doUpdateSet({ endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth }),
    )
    .execute();
}

export async function deleteSubscription(db: Db, userId: number, deviceId: string) {
  const result = await db
    .deleteFrom('push_subscription')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSubscriptionById(db: Db, id: number) {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}

export interface ClaimedJob {
  id: number;
  attempts: number;
  notification_id: number;
  title: string;
  text: string;
  route: string;
  user_id: number;
  subscription_id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/**
 * Takes up to `limit` due jobs for this worker: `for update skip locked` keeps two instances off the same
 * row, and moving run_after by the lease keeps the row from being taken again while it is being sent.
 * A worker that dies mid-send leaves the row to be taken again after the lease.
 */
export async function claimDueJobs(db: Db, limit: number, leaseSeconds: number) {
  const result = await sql<ClaimedJob>`
    with claimed as (
      update push_job set run_after = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from push_job where run_after <= now() order by run_after, id limit ${limit} for update skip locked
      )
      returning id, attempts, notification_id, subscription_id
    )
    select c.id, c.attempts, n.id as notification_id, n.title, n.text, n.route, n.user_id,
           s.id as subscription_id, s.endpoint, s.p256dh, s.auth
    from claimed c
    join notification n on n.id = c.notification_id
    left join push_subscription s on s.id = c.subscription_id
    order by c.id`.execute(db);
  return result.rows;
}

export async function finishJob(db: Db, id: number) {
  await db.deleteFrom('push_job').where('id', '=', id).execute();
}

export async function retryJobLater(db: Db, id: number, delaySeconds: number) {
  await db
    .updateTable('push_job')
    .set({ run_after: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where('id', '=', id)
    .execute();
}
