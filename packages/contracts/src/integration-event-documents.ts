import { type CaptureModule, captureModuleInfo } from './capture-modules';
import { dailyBalanceSchema, giftCardBookingResultSchema } from './gift-cards';
import {
  captureDocumentPayloadSchema,
  deliveryNotePayloadSchema,
  documentKindOf,
  EVENT_TYPES,
  type EventType,
  eventFeedSchema,
  integrationEventSchema,
  isDocumentType,
  publicDocumentId,
} from './integration-events';
import { assignmentSchema } from './storage-locations';
import { z } from './zod';

// What the ERP gets in each event's `document`, by event type: the schemas the OpenAPI document shows for the
// event feed (GET /api/integration/v1/events) and the webhook deliveries, each with an example. They describe
// what the modules really record (integration-events/*-event.ts, the storage-location and gift-card services);
// the server's tests hold every recorded document to them (apps/server/src/test/test-events.ts). The feed itself
// answers with integrationEventSchema, whose `document` is any object: events stored before a field was added
// are still sent as they were.

/** `delivery-note.booked`: the booked delivery note; each line's counted quantity is its booked `quantity`. */
export const bookedDeliveryNoteSchema = deliveryNotePayloadSchema.meta({ id: 'BookedDeliveryNote' });

/** `storage-location.changed`: an article assigned to, changed at or removed from a storage location. */
export const storageLocationChangeSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('assigned'), locationId: z.number().int(), assignment: assignmentSchema }),
    z.object({ action: z.literal('updated'), locationId: z.number().int(), assignment: assignmentSchema }),
    z.object({ action: z.literal('removed'), locationId: z.number().int(), articleId: z.number().int() }),
  ])
  .meta({ id: 'StorageLocationChange' });

/** `gift-card.day-closed`: a store's closed gift-card day with its balance (amounts in cents). */
export const giftCardDayCloseSchema = z
  .object({ day: z.string(), balance: dailyBalanceSchema })
  .meta({ id: 'GiftCardDayClose' });

const captureExports = () =>
  Object.fromEntries(EVENT_TYPES.filter((t) => t.endsWith('.exported')).map((t) => [t, captureDocumentPayloadSchema]));

/** The document of each event type. */
export const EVENT_DOCUMENT_SCHEMAS = {
  ...(captureExports() as Record<`${CaptureModule}.exported`, typeof captureDocumentPayloadSchema>),
  'delivery-note.booked': bookedDeliveryNoteSchema,
  'storage-location.changed': storageLocationChangeSchema,
  'gift-card.moved': giftCardBookingResultSchema,
  'gift-card.day-closed': giftCardDayCloseSchema,
} satisfies Record<EventType, z.ZodType>;

// Examples, one per event type: as the feed sends them.
const envelope = { time: '2025-06-02T09:14:31.512Z', firma: 1, vkforg: 11, user: { id: 3, name: 'demo' } };
const at = (minute: number) => `2025-06-02T09:${String(minute).padStart(2, '0')}:05.000Z`;

function exportedDocumentExample(module: CaptureModule) {
  const withResult = module === 'inventory-count';
  return {
    id: 512,
    number: `${captureModuleInfo(module).documentPrefix}-2025-000512`,
    module,
    supplierId: module === 'ordering' ? 1009 : null,
    supplierName: module === 'ordering' ? 'Molkerei Nord eG' : null,
    edi: module === 'ordering' ? true : null,
    datum: module === 'ordering' ? '2025-06-04' : null,
    lager: withResult ? 1101 : null,
    belegdatum: withResult ? '2025-06-02' : null,
    lineCount: 1,
    createdAt: envelope.time,
    createdBy: 'Dana Demo',
    position: null,
    erp: {
      firma: 1,
      vkforg: '1100',
      warehouse: withResult ? 'L01' : null,
      supplier: module === 'ordering' ? '70001' : null,
    },
    result: withResult
      ? {
          kind: 'inventory' as const,
          rows: [
            {
              articleId: 234,
              articleNumber: '100234',
              designation: 'Vollmilch 3,5 % 1 l',
              bookStock: 30,
              countedStock: 24,
              difference: -6,
            },
          ],
        }
      : null,
    lines: [
      {
        articleNumber: '100234',
        code: '04006381333931',
        designation: 'Vollmilch 3,5 % 1 l',
        quantity: withResult ? 24 : 2,
        unit: withResult ? 'Stück' : 'Karton',
        factor: withResult ? 1 : 12,
        reason: module === 'returns' ? ('defekt' as const) : null,
        storageLocation: withResult ? 'A-01' : null,
        ...(withResult && { batch: 'L2405A', bestBefore: '2025-06-20' }),
        capturedAt: at(12),
      },
    ],
  };
}

const deliveryNoteExample = {
  id: 21,
  variante: 'WARENUEBERNAHME' as const,
  number: 'LS-880431',
  referenceNumber: '4511000009',
  supplierId: 1009,
  supplierNumber: 'L070136',
  supplierName: 'Trockensortiment Weber GmbH',
  date: '2025-06-02',
  status: 'gebucht' as const,
  barcode: null,
  lineCount: 1,
  bookedAt: envelope.time,
  bookedBy: 'Dana Demo',
  warehouseId: 1101,
  erp: { firma: 1, vkforg: '1100', warehouse: 'L01', supplier: 'L070136' },
  lines: [
    {
      articleId: 164,
      articleNumber: '100164',
      designation: 'Barilla Penne Rigate 500 g',
      unit: 'Karton',
      factor: 12,
      expected: 10,
      counted: 9,
      difference: -1,
      unexpected: false,
      code: '14012985779720',
      quantity: 9,
    },
  ],
};

const assignmentExample = {
  locationId: 1101014,
  articleId: 7,
  number: '100007',
  designation1: 'Lebkuchenherz 250 g',
  designation2: 'Saisonartikel',
  baseUnit: 'Stück',
  quantity: 5,
  minQuantity: 2,
  maxQuantity: 10,
  version: 2,
  updatedAt: envelope.time,
};

const giftCardMoveExample = {
  code: 'GC-1000-0001',
  type: 'GUTSCHEIN',
  action: 'CHARGE' as const,
  amount: 2000,
  balance: 7000,
  transactionId: 7,
  createdAt: envelope.time,
};

const movement = { code: 'GC-1000-0001', type: 'GUTSCHEIN', username: 'demo', vkforgId: 11 };
const dayCloseExample = {
  day: '2025-06-01',
  balance: {
    date: '2025-06-01',
    charged: 5000,
    redeemed: 1250,
    net: 3750,
    transactions: [
      {
        ...movement,
        transactionId: 7,
        action: 'CHARGE' as const,
        amount: 5000,
        balanceAfter: 5000,
        createdAt: '2025-06-01T08:15:00.000Z',
      },
      {
        ...movement,
        transactionId: 8,
        action: 'REDEEM' as const,
        amount: 1250,
        balanceAfter: 3750,
        createdAt: '2025-06-01T17:40:00.000Z',
      },
    ],
  },
};

const documentExample = (type: EventType): unknown => {
  if (type.endsWith('.exported')) return exportedDocumentExample(type.slice(0, -'.exported'.length) as CaptureModule);
  switch (type) {
    case 'delivery-note.booked':
      return deliveryNoteExample;
    case 'storage-location.changed':
      return { action: 'updated', locationId: assignmentExample.locationId, assignment: assignmentExample };
    case 'gift-card.moved':
      return giftCardMoveExample;
    default:
      return dayCloseExample;
  }
};

/** One event of the feed (and a webhook delivery's `data`) as it is sent, by type. */
export function eventExample(type: EventType, id = 1042) {
  const byServer = type === 'gift-card.day-closed';
  const documentId = isDocumentType(type) ? publicDocumentId(documentKindOf(type), 512) : null;
  return {
    id: `evt_${id}`,
    type,
    ...envelope,
    user: byServer ? null : envelope.user,
    erp: { firma: 1, vkforg: '1100' },
    documentId,
    document: documentExample(type),
  };
}

/** An event of one type: the feed's envelope with that type's document. */
const typedEventSchema = (type: EventType) =>
  integrationEventSchema
    .extend({ type: z.literal(type), document: EVENT_DOCUMENT_SCHEMAS[type] as z.ZodType })
    .meta({ id: `Event.${type}`, examples: [eventExample(type)] });

/** Every event as documented: one schema per type, told apart by `type`. */
export const documentedEventSchema = z
  .discriminatedUnion(
    'type',
    EVENT_TYPES.map(typedEventSchema) as unknown as [
      ReturnType<typeof typedEventSchema>,
      ...ReturnType<typeof typedEventSchema>[],
    ],
  )
  .meta({
    id: 'IntegrationEvent',
    description: 'Ein Ereignis des Feeds; `type` bestimmt das Schema von `document`.',
    // For clients generated from the document: the type names the schema.
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(EVENT_TYPES.map((type) => [type, `#/components/schemas/Event.${type}`])),
    },
    examples: [eventExample('order-proposal.exported')],
  });

/** The event feed's answer as the OpenAPI document shows it (the feed answers with eventFeedSchema). */
export const documentedEventFeedSchema = eventFeedSchema.extend({ events: z.array(documentedEventSchema) }).meta({
  examples: [
    {
      events: [eventExample('order-proposal.exported', 1042), eventExample('delivery-note.booked', 1043)],
      next: 'djE6ODgyMTM6MTA0Mw',
    },
  ],
});

/**
 * The body of a webhook delivery (Standard Webhooks: webhook-sender.ts): the event type, the time of the
 * attempt and the event itself; signed in the headers webhook-id, webhook-timestamp and webhook-signature.
 */
export const webhookDeliveryBodySchema = z
  .object({ type: z.enum(EVENT_TYPES), timestamp: z.string(), data: documentedEventSchema })
  .meta({
    id: 'WebhookDelivery',
    examples: [
      {
        type: 'delivery-note.booked',
        timestamp: '2025-06-02T09:14:32.020Z',
        data: eventExample('delivery-note.booked', 1043),
      },
    ],
  });
