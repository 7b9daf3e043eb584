import type { NotificationFilter } from '@mde/contracts';

// The notification calls (without the /api base), in one place for every fetcher.
const base = '/v1/notifications';

export const notificationEndpoints = {
  list: (filter: NotificationFilter, before?: number) =>
    `${base}?filter=${filter}${before === undefined ? '' : `&before=${before}`}`,
  unreadCount: `${base}/unread-count`,
  stream: `${base}/stream`,
  read: (id: number) => `${base}/${id}/read`,
  readAll: `${base}/read-all`,
  remove: (id: number) => `${base}/${id}`,
  pushConfig: `${base}/push/config`,
  pushSubscriptions: `${base}/push/subscriptions`,
  pushSubscription: (deviceId: string) => `${base}/push/subscriptions/${encodeURIComponent(deviceId)}`,
} as const;
