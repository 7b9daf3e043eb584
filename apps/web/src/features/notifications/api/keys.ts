import type { NotificationFilter } from '@mde/contracts';

// Query keys of the notifications, per logged-in user (docs/spec.md §4: loaded once per userId).
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (owner: number) => [...notificationKeys.all, owner] as const,
  lists: (owner: number) => [...notificationKeys.user(owner), 'list'] as const,
  list: (owner: number, filter: NotificationFilter) => [...notificationKeys.lists(owner), filter] as const,
  unread: (owner: number) => [...notificationKeys.user(owner), 'unread'] as const,
  marks: (owner: number) => [...notificationKeys.user(owner), 'pending-marks'] as const,
  pushConfig: () => [...notificationKeys.all, 'push-config'] as const,
};
