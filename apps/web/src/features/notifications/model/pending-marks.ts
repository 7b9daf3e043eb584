import type { Notification } from '@mde/contracts';

/**
 * A mark made on the device that the server has not confirmed yet (made offline, or the call failed): kept
 * on the device and sent when the connection is back, and meanwhile shown as if it were done.
 */
export type PendingMark =
  | { kind: 'read'; id: number; at: string }
  | { kind: 'read-all'; upToId: number; at: string }
  | { kind: 'delete'; id: number };

/** Adds a mark; a delete makes earlier marks of the same entry pointless. */
export function addMark(marks: readonly PendingMark[], mark: PendingMark): PendingMark[] {
  if (mark.kind === 'delete') return [...marks.filter((m) => !(m.kind === 'read' && m.id === mark.id)), mark];
  if (mark.kind === 'read' && marks.some((m) => (m.kind === 'read' || m.kind === 'delete') && m.id === mark.id))
    return [...marks];
  return [...marks, mark];
}

/** The list as the user left it: pending reads and deletes applied to the server's (or the kept) answer. */
export function applyMarks(items: readonly Notification[], marks: readonly PendingMark[]): Notification[] {
  const deleted = new Set(marks.flatMap((m) => (m.kind === 'delete' ? [m.id] : [])));
  return items
    .filter((item) => !deleted.has(item.id))
    .map((item) => {
      if (item.readtime) return item;
      const mark = marks.find(
        (m) => (m.kind === 'read' && m.id === item.id) || (m.kind === 'read-all' && item.id <= m.upToId),
      );
      return mark && mark.kind !== 'delete' ? { ...item, readtime: mark.at } : item;
    });
}

/** docs/spec.md §4/§9: the badge counts entries without readtime. */
export const countUnread = (items: readonly Notification[]) => items.filter((i) => !i.readtime).length;

/**
 * The server's unread count less what the pending marks will still mark, as far as the kept entries tell;
 * never below zero.
 */
export function unreadAfterMarks(
  serverUnread: number,
  kept: readonly Notification[],
  marks: readonly PendingMark[],
): number {
  const before = countUnread(kept);
  const after = countUnread(applyMarks(kept, marks));
  return Math.max(0, serverUnread - (before - after));
}

/** What the page shows under a tab. */
export const visibleUnder = (filter: 'unread' | 'all', items: readonly Notification[]) =>
  filter === 'unread' ? items.filter((i) => !i.readtime) : [...items];

/** The badge's text: a count, capped so it fits the bell. */
export const badgeLabel = (unread: number) => (unread > 99 ? '99+' : String(unread));
