import { idSchema, idTextSchema, intTextSchema, safeString } from './common';
import { MSG } from './messages';
import { z } from './zod';

/** German texts of the notifications; `empty` is the page's no-data message (docs/spec.md §8). */
export const NOTIFICATION_MSG = {
  empty: 'Keine Benachrichtigungen vorhanden',
  notFound: 'Die Benachrichtigung wurde nicht gefunden',
  pushUnavailable: 'Push-Benachrichtigungen sind auf diesem Server nicht eingerichtet',
  subscriptionInvalid: 'Das Push-Abonnement ist ungültig',
  pushEndpointRefused: 'Die Adresse des Push-Dienstes wird nicht angenommen',
  streamOnly: 'Diese Adresse liefert nur einen Ereignisstrom (Accept: text/event-stream)',
} as const;

/** Notifications older than this are removed and never listed. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATION_PAGE_SIZE = 30;

/** docs/spec.md §3: a notification is unread while readtime is empty; route is where a tap leads (docs/spec.md §2). */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  route: z.string(),
  createdAt: z.string(),
  readtime: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_FILTERS = ['unread', 'all'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const notificationListQuerySchema = z.strictObject({
  filter: z.enum(NOTIFICATION_FILTERS, { error: MSG.invalidValue }).default('all'),
  /** Paging by id: the next page holds the entries older than this id. */
  before: idTextSchema.optional(),
  limit: intTextSchema(1, 100).default(NOTIFICATION_PAGE_SIZE),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** The id to pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The open app's live line (Server-Sent Events): 'unread' with the bell's count when the stream opens (also
 * after a reconnect, so nothing missed stays missed), 'notification' with a new entry and the count after it.
 */
export const NOTIFICATION_STREAM_EVENTS = { unread: 'unread', notification: 'notification' } as const;
export const notificationStreamEventSchema = z.object({ notification: notificationSchema, unread: z.number().int() });
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

/**
 * Mark all read. `upToId` limits it to what the device had seen (a mark made offline must not mark
 * entries that arrived afterwards); without it every unread entry is marked.
 */
export const markAllReadSchema = z.strictObject({ upToId: idSchema.optional() });
export const markAllReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

// --- Push -------------------------------------------------------------------------------------------------

export const pushConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('webpush'), publicKey: z.string() }),
  /** OneSignal (when the server is configured for it): its app id and the page SDK the app loads. */
  z.object({ provider: z.literal('onesignal'), appId: z.string(), sdkUrl: z.string() }),
]);
export type PushConfig = z.infer<typeof pushConfigSchema>;

const base64Url = (max: number) =>
  safeString()
    .max(max, { error: NOTIFICATION_MSG.subscriptionInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: NOTIFICATION_MSG.subscriptionInvalid });

/** A browser's PushSubscription (toJSON()) and the device it belongs to. */
export const pushSubscriptionSchema = z.strictObject({
  deviceId: safeString()
    .min(8)
    .max(100)
    .regex(/^[\w.:-]+$/, { error: MSG.invalidValue }),
  endpoint: safeString()
    .max(2000, { error: MSG.tooLong })
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { error: NOTIFICATION_MSG.subscriptionInvalid }),
  keys: z.strictObject({ p256dh: base64Url(200), auth: base64Url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushDeviceParamsSchema = z.strictObject({ deviceId: pushSubscriptionSchema.shape.deviceId });

/** What the service worker receives and shows; a tap opens `route` (docs/spec.md §2). */
export const pushPayloadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  route: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
