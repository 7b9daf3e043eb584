import { CAPTURE_MODULES } from './capture-modules';
import { intTextSchema } from './common';
import { integrationFirmasSchema } from './integration';
import { z } from './zod';

/**
 * The store's work out to the ERP: every export and booking is one event of one ordered feed
 * (`GET /api/integration/v1/events`) and goes to the webhook subscriptions that asked for its type.
 */
export const EVENT_TYPES = [
  ...CAPTURE_MODULES.map((module) => `${module}.exported` as const),
  'delivery-note.booked',
  'storage-location.changed',
  'gift-card.moved',
  'gift-card.day-closed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

export const EVENTS_MSG = {
  invalidCursor: 'Der Cursor ist ungültig',
  invalidLimit: 'limit muss eine ganze Zahl von 1 bis 1000 sein',
  unknownEventType: (type: string) => `Unbekannter Ereignistyp: ${type}`,
  noEventTypes: 'Mindestens ein Ereignistyp (oder * für alle) ist nötig',
  invalidUrl: 'Die Adresse muss eine gültige http(s)-URL sein',
  ownerNotFound: (name: string) => `Den Benutzer ${name} gibt es nicht`,
  subscriptionNotFound: 'Das Webhook-Abonnement wurde nicht gefunden',
  deliveryNotFound: 'Die Zustellung wurde nicht gefunden',
  subscriptionDisabledTitle: 'Webhook abgeschaltet',
  subscriptionDisabledText: (url: string) =>
    `Der Webhook an ${url} wurde nach 24 Stunden erfolgloser Zustellversuche abgeschaltet.`,
} as const;

/** The user who did the work; empty for work of the server itself (the day close). */
export const eventUserSchema = z.object({ id: z.number(), name: z.string() }).nullable();

export const integrationEventSchema = z.object({
  /** Also the `webhook-id` of its deliveries. */
  id: z.string(),
  type: z.string(),
  time: z.string(),
  firma: z.number(),
  vkforg: z.number().nullable(),
  user: eventUserSchema,
  /**
   * The whole document: header and lines (article number, code, quantity, unit, factor, reason, position; batch
   * and bestBefore on the lines that carry them).
   */
  document: z.record(z.string(), z.unknown()),
});
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;

export const eventFeedQuerySchema = z.object({
  after: z.string().max(200, { error: EVENTS_MSG.invalidCursor }).optional(),
  // A query string is text: plain digits only, never '1e3', 'true' or ' 5' read as a number.
  limit: intTextSchema(1, 1000, EVENTS_MSG.invalidLimit).default(100),
  /** Comma-separated event types; all when absent. */
  types: z.string().max(2000).optional(),
});
export const eventFeedSchema = z.object({
  events: z.array(integrationEventSchema),
  /** Pass as `after` to get the next events; the same cursor again when nothing new was there. */
  next: z.string(),
});
export type EventFeed = z.infer<typeof eventFeedSchema>;

export const webhookCreateSchema = z.object({
  url: z.string().max(2000, { error: EVENTS_MSG.invalidUrl }),
  /** Event types, or ['*'] for all. */
  events: z.array(z.string().max(100)).max(100),
  /** The user told when the subscription is disabled (its manager); a username. */
  owner: z.string().max(100).optional(),
  /** The firmas whose events it gets: some of the key's firmas; all of them when absent. */
  firmas: integrationFirmasSchema.optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookSubscriptionSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  /** Only events of these firmas are delivered. */
  firmas: z.array(z.number()),
  enabled: z.boolean(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
/** The answer to a create: the secret (`whsec_…`) is shown this once. */
export const webhookCreatedSchema = webhookSubscriptionSchema.extend({ secret: z.string() });

export const webhookAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});
export const webhookDeliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
