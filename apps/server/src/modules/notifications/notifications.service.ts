import {
  NOTIFICATION_MSG,
  type Notification,
  type NotificationPage,
  type notificationListQuerySchema,
} from '@mde/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import * as repo from './notifications.repository';

type Row = Awaited<ReturnType<typeof repo.listNotifications>>[number];
const iso = (value: Date | string) => new Date(value).toISOString();

export function toNotification(row: Row): Notification {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    route: row.route,
    createdAt: iso(row.created_at),
    readtime: row.readtime === null ? null : iso(row.readtime),
  };
}

/** Newest first, a page at a time; every read is the session user's own (owner only). */
export async function listNotifications(
  db: Db,
  userId: number,
  query: z.output<typeof notificationListQuerySchema>,
): Promise<NotificationPage> {
  // One more than asked tells whether another page follows.
  const rows = await repo.listNotifications(db, userId, {
    unreadOnly: query.filter === 'unread',
    before: query.before,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotification),
    nextBefore: rows.length > query.limit && last ? last.id : null,
    unread: await repo.countUnread(db, userId),
  };
}

export const unreadCount = async (db: Db, userId: number) => ({ unread: await repo.countUnread(db, userId) });

/** Another user's entry is as unknown as one that never existed. */
const missing = () => notFound(NOTIFICATION_MSG.notFound);

export async function markRead(db: Db, userId: number, id: number): Promise<Notification> {
  const row = await repo.markRead(db, userId, id);
  if (!row) throw missing();
  return toNotification(row);
}

export async function markAllRead(db: Db, userId: number, upToId?: number) {
  const marked = await repo.markAllRead(db, userId, upToId);
  return { marked, unread: await repo.countUnread(db, userId) };
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteNotification(db, userId, id))) throw missing();
}
