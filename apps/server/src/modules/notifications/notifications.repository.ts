import { NOTIFICATION_RETENTION_DAYS } from '@mde/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

const columns = ['id', 'title', 'text', 'route', 'created_at', 'readtime'] as const;
// Older entries are gone for the user even before the next clean-up has removed them.
const keptSince = sql<Date>`now() - make_interval(days => ${NOTIFICATION_RETENTION_DAYS})`;

export interface NewNotification {
  title: string;
  text: string;
  route: string;
  /** Stored as read: the user already saw what it tells (it is still listed under 'Alle'). */
  read?: boolean;
}

/**
 * Stores a notification and queues its push to each of the user's subscriptions, in the caller's
 * transaction: a rolled-back export leaves neither. The NOTIFY reaches every instance's push worker
 * when the transaction commits.
 */
export async function insertNotification(db: Db, userId: number, { read, ...values }: NewNotification) {
  const row = await db
    .insertInto('notification')
    .values({ user_id: userId, ...values, ...(read ? { readtime: sql<Date>`now()` } : {}) })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function queuePushPerSubscription(db: Db, userId: number, notificationId: number) {
  const result = await sql`
    insert into push_job (notification_id, subscription_id)
    select ${notificationId}, s.id from push_subscription s where s.user_id = ${userId}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** One job per notification, for a provider that addresses the user itself (OneSignal). */
export async function queuePushForUser(db: Db, notificationId: number) {
  await db.insertInto('push_job').values({ notification_id: notificationId, subscription_id: null }).execute();
  return 1;
}

export async function announcePushJobs(db: Db) {
  await sql`select pg_notify('mde_push', '')`.execute(db);
}

/** Tells the open apps of the user (every instance's stream) when the transaction commits: 'userId:notificationId'. */
export async function announceNotification(db: Db, userId: number, notificationId: number) {
  await sql`select pg_notify('mde_notification', ${`${userId}:${notificationId}`})`.execute(db);
}

export async function findNotification(db: Db, userId: number, id: number) {
  return db
    .selectFrom('notification')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('created_at', '>=', keptSince)
    .executeTakeFirst();
}

export async function hasRecentUnread(db: Db, userId: number, title: string, minutes: number) {
  const row = await db
    .selectFrom('notification')
    .select('id')
    .where('user_id', '=', userId)
    .where('title', '=', title)
    .where('readtime', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpired(db: Db, userId: number) {
  await db.deleteFrom('notification').where('user_id', '=', userId).where('created_at', '<', keptSince).execute();
}

export async function listNotifications(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; before?: number; limit: number },
) {
  let query = db
    .selectFrom('notification')
    .select(columns)
    .where('user_id', '=', userId)
    .where('created_at', '>=', keptSince);
  if (options.unreadOnly) query = query.where('readtime', 'is', null);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: number) {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('readtime', 'is', null)
    .where('created_at', '>=', keptSince)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one entry of the user read; an entry already read keeps its first readtime. */
export async function markRead(db: Db, userId: number, id: number) {
  return db
    .updateTable('notification')
    .set({ readtime: sql`coalesce(readtime, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('created_at', '>=', keptSince)
    .returning(columns)
    .executeTakeFirst();
}

/** Marks the user's unread entries (up to an id) read in one statement; parallel calls mark each once. */
export async function markAllRead(db: Db, userId: number, upToId?: number) {
  let query = db
    .updateTable('notification')
    .set({ readtime: sql`now()` })
    .where('user_id', '=', userId)
    .where('readtime', 'is', null);
  if (upToId !== undefined) query = query.where('id', '<=', upToId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, userId: number, id: number) {
  const result = await db
    .deleteFrom('notification')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
