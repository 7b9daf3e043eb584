import { CAPTURE_MODULES, type CaptureModule, documentResultSchema } from './capture-modules';
import { captureDocumentSchema } from './captures';
import { intTextSchema, isoDateSchema } from './common';
import { deliveryNoteDetailSchema, deliveryNoteLineSchema } from './delivery-notes';
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

/**
 * The ERP's own keys of where the work was done, named and written as the import takes them
 * (docs/integration.md#erp-nummern): `firma` as in every import row, `vkforg` the store's number as the stores
 * import sent it ('2100'). Beside the internal ids (`vkforg: 21`), which stay as they were.
 */
export const erpKeysSchema = z
  .object({
    firma: z.number(),
    /** The store's number (import `stores`: `vkforg`); empty for work of no store. */
    vkforg: z.string().nullable(),
  })
  .meta({ examples: [{ firma: 2, vkforg: '2100' }] });

/** A document's ERP keys: the store's, its warehouse's number (import `warehouses`: `number`) and its supplier's. */
export const erpDocumentKeysSchema = erpKeysSchema
  .extend({
    /** The warehouse's number ('L01'); empty when the document names no warehouse. */
    warehouse: z.string().nullable(),
    /** The supplier's number (import `suppliers`: `number`); empty when the document names no supplier. */
    supplier: z.string().nullable(),
  })
  .meta({ examples: [{ firma: 2, vkforg: '2100', warehouse: 'L01', supplier: null }] });
export type ErpDocumentKeys = z.infer<typeof erpDocumentKeysSchema>;

/** One line of an exported capture document as the ERP gets it: article number and unit as the import sent them. */
export const captureDocumentLinePayloadSchema = z.object({
  /** The article's number (import `articles`: `number`). */
  articleNumber: z.string(),
  /** The GTIN the line's unit is scanned by, when the article has one (import `articles`: `codes[].code`). */
  code: z.string().nullable(),
  designation: z.string(),
  quantity: z.number(),
  /** One of the article's units (import `articles`: `units[].unit`). */
  unit: z.string(),
  /** Base units per unit. */
  factor: z.number(),
  reason: z.string().nullable(),
  /** The storage location's code (import `storage-locations`: `code`). */
  storageLocation: z.string().nullable(),
  /** Only on lines that carry one (Inventur, Warenverprobung). */
  batch: z.string().optional(),
  bestBefore: z.string().optional(),
  capturedAt: z.string(),
});

const inventoryDocumentExample = {
  id: 17,
  number: 'IN-2026-000017',
  module: 'inventory-count',
  supplierId: null,
  supplierName: null,
  edi: null,
  datum: null,
  lager: 2101,
  belegdatum: '2026-11-28',
  lineCount: 1,
  createdAt: '2026-11-28T16:05:12.345Z',
  createdBy: 'Petra Demo',
  position: null,
  result: {
    kind: 'inventory',
    rows: [
      {
        articleId: 4711,
        articleNumber: '4711',
        designation: 'Äpfel Elstar',
        bookStock: 10,
        countedStock: 12.5,
        difference: 2.5,
      },
    ],
  },
  erp: { firma: 2, vkforg: '2100', warehouse: 'L01', supplier: null },
  lines: [
    {
      articleNumber: '4711',
      code: '04000000000017',
      designation: 'Äpfel Elstar',
      quantity: 12.5,
      unit: 'kg',
      factor: 1,
      reason: null,
      storageLocation: 'R01-02',
      capturedAt: '2026-11-28T15:58:40.000Z',
    },
  ],
};

/**
 * An exported capture document (`<module>.exported`) as the feed, the webhooks and GET /documents/{id} carry it:
 * the document as the app shows it (internal ids such as `lager` and `supplierId` stay), its ERP keys, its
 * lines, each with its article's code, and its result as the module computes it.
 */
export const captureDocumentPayloadSchema = captureDocumentSchema
  .extend({
    erp: erpDocumentKeysSchema,
    lines: z.array(captureDocumentLinePayloadSchema),
    result: documentResultSchema.nullable(),
  })
  .meta({ id: 'ExportedCaptureDocument', examples: [inventoryDocumentExample] });
export type CaptureDocumentPayload = z.infer<typeof captureDocumentPayloadSchema>;

/** A booked delivery note's line as the ERP gets it: the counted quantity is the booked one (`quantity`). */
export const deliveryNoteLinePayloadSchema = deliveryNoteLineSchema.extend({
  code: z.string().nullable(),
  quantity: z.number(),
});

const deliveryNoteExample = {
  id: 5,
  variante: 'WARENUEBERNAHME',
  number: 'LS-88213',
  referenceNumber: 'BE-2026-000004',
  supplierId: 900001,
  supplierNumber: '70010',
  supplierName: 'Molkerei Nord',
  date: '2026-11-28',
  status: 'gebucht',
  barcode: null,
  lineCount: 1,
  bookedAt: '2026-11-28T09:12:03.000Z',
  bookedBy: 'Petra Demo',
  warehouseId: 2101,
  erp: { firma: 2, vkforg: '2100', warehouse: 'L01', supplier: '70010' },
  lines: [
    {
      articleId: 4712,
      articleNumber: '4712',
      designation: 'Vollmilch 1 l',
      unit: 'Karton',
      factor: 6,
      expected: 10,
      counted: 9,
      difference: -1,
      unexpected: false,
      code: '14000000000014',
      quantity: 9,
    },
  ],
};

/** A booked delivery note (`delivery-note.booked`): the note with its counts, its ERP keys and its lines. */
export const deliveryNotePayloadSchema = deliveryNoteDetailSchema
  .extend({ erp: erpDocumentKeysSchema, lines: z.array(deliveryNoteLinePayloadSchema) })
  .meta({ examples: [deliveryNoteExample] });
export type DeliveryNotePayload = z.infer<typeof deliveryNotePayloadSchema>;

export const integrationEventSchema = z
  .object({
    /** Also the `webhook-id` of its deliveries. */
    id: z.string(),
    type: z.string(),
    time: z.string(),
    /** The firma's number, as the ERP sends it in every import row. */
    firma: z.number(),
    /** The store's internal id; its number is `erp.vkforg`. */
    vkforg: z.number().nullable(),
    user: eventUserSchema,
    /** The ERP's own keys of firma and store. */
    erp: erpKeysSchema,
    /** The document's id for GET /api/integration/v1/documents/{id}, on the events of an exported or booked document. */
    documentId: z.string().nullable(),
    /**
     * The whole document: header and lines (article number, code, quantity, unit, factor, reason, position; batch
     * and bestBefore on the lines that carry them), with the ERP keys of its store, warehouse and supplier in `erp`.
     */
    document: z.record(z.string(), z.unknown()),
  })
  .meta({
    examples: [
      {
        id: 'evt_1042',
        type: 'inventory-count.exported',
        time: '2026-11-28T16:05:12.345Z',
        firma: 2,
        vkforg: 21,
        user: { id: 7, name: 'pdemo' },
        erp: { firma: 2, vkforg: '2100' },
        documentId: 'inventory-count-17',
        document: inventoryDocumentExample,
      },
    ],
  });
export type IntegrationEvent = z.infer<typeof integrationEventSchema>;

// Parameter examples are `example`, not `examples`: zod leaves `examples` out of the request side of a schema that
// transforms (the query's text read as a number).
export const eventFeedQuerySchema = z.object({
  after: z.string().max(200, { error: EVENTS_MSG.invalidCursor }).optional().meta({
    description: 'Der Cursor `next` der vorigen Antwort; ohne: ab dem ältesten Ereignis.',
    example: 'djE6ODgxOTA6MTA0MQ',
  }),
  // A query string is text: plain digits only, never '1e3', 'true' or ' 5' read as a number.
  limit: intTextSchema(1, 1000, EVENTS_MSG.invalidLimit)
    .default(100)
    .meta({ description: 'Höchstens so viele Ereignisse (1–1000, Standard 100).', example: '100' }),
  /** Comma-separated event types; all when absent. */
  types: z.string().max(2000).optional().meta({
    description: 'Kommagetrennte Ereignistypen; ohne: alle.',
    example: 'order-proposal.exported,delivery-note.booked',
  }),
});
export const eventFeedSchema = z.object({
  events: z.array(integrationEventSchema),
  /** Pass as `after` to get the next events; the same cursor again when nothing new was there. */
  next: z.string(),
});
export type EventFeed = z.infer<typeof eventFeedSchema>;

export const webhookCreateSchema = z
  .object({
    url: z.string().max(2000, { error: EVENTS_MSG.invalidUrl }),
    /** Event types, or ['*'] for all. */
    events: z.array(z.string().max(100)).max(100),
    /** The user told when the subscription is disabled (its manager); a username. */
    owner: z.string().max(100).optional(),
    /** The firmas whose events it gets: some of the key's firmas; all of them when absent. */
    firmas: integrationFirmasSchema.optional(),
  })
  // `example`, not `examples`: zod leaves `examples` out of the request side of a schema that transforms (firmas).
  .meta({
    example: {
      url: 'https://erp.example.com/mde/webhooks',
      events: ['delivery-note.booked', 'ordering.exported'],
      owner: 'demo',
      firmas: [1],
    },
  });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

const subscriptionExample = {
  id: 4,
  url: 'https://erp.example.com/mde/webhooks',
  events: ['delivery-note.booked', 'ordering.exported'],
  firmas: [1],
  enabled: true,
  createdAt: '2025-06-02T08:00:00.000Z',
  disabledAt: null,
};
export const webhookSubscriptionSchema = z
  .object({
    id: z.number(),
    url: z.string(),
    events: z.array(z.string()),
    /** Only events of these firmas are delivered. */
    firmas: z.array(z.number()),
    enabled: z.boolean(),
    createdAt: z.string(),
    disabledAt: z.string().nullable(),
  })
  .meta({ examples: [subscriptionExample] });
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
export const webhookSubscriptionsSchema = z
  .array(webhookSubscriptionSchema)
  .meta({ examples: [[subscriptionExample]] });
/** The answer to a create: the secret (`whsec_…`) is shown this once. */
export const webhookCreatedSchema = webhookSubscriptionSchema
  .extend({ secret: z.string() })
  .meta({ examples: [{ ...subscriptionExample, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }] });

const attemptShape = {
  ok: z.boolean(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
};
const attemptExample = { ok: false, statusCode: 503, durationMs: 412, error: 'HTTP 503' };
export const webhookAttemptSchema = z.object({ at: z.string(), ...attemptShape });
/** The answer to a redelivery: its one attempt, made at once. */
export const webhookRedeliverySchema = z
  .object(attemptShape)
  .meta({ examples: [{ ...attemptExample, ok: true, statusCode: 204, error: null }] });
export const webhookDeliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) }).meta({
  examples: [
    {
      deliveries: [
        {
          id: 88,
          eventId: 'evt_1043',
          eventType: 'delivery-note.booked',
          status: 'pending',
          attempts: [{ at: '2025-06-02T09:14:32.020Z', ...attemptExample }],
        },
      ],
    },
  ],
});

// The documents themselves (GET /api/integration/v1/documents): every exported or booked document that still
// exists, also after its event has left the feed (30 days). Its `document` is the event's, built by one function.

/** The event types that carry a document; a document is listed and filtered by the same name. */
export const DOCUMENT_TYPES = [
  ...CAPTURE_MODULES.map((module) => `${module}.exported` as const),
  'delivery-note.booked',
] as const satisfies readonly EventType[];
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value);

/** What a document id names: a capture module's document or a booked delivery note, and its number. */
export type DocumentKind = CaptureModule | 'delivery-note';
/** A document's public id: its kind and its id, as `inventory-count-17` or `delivery-note-5`. */
export const publicDocumentId = (kind: DocumentKind, id: number) => `${kind}-${id}`;
export function parseDocumentId(value: string): { kind: DocumentKind; id: number } | null {
  const match = /^([a-z]+(?:-[a-z]+)*)-([1-9]\d{0,15})$/.exec(value);
  const kind = match?.[1];
  const id = Number(match?.[2]);
  if (!kind || !Number.isSafeInteger(id)) return null;
  if (kind !== 'delivery-note' && !(CAPTURE_MODULES as readonly string[]).includes(kind)) return null;
  return { kind: kind as DocumentKind, id };
}
/** The kind of document an event type carries. */
export const documentKindOf = (type: DocumentType): DocumentKind =>
  type === 'delivery-note.booked' ? 'delivery-note' : (type.slice(0, -'.exported'.length) as CaptureModule);

export const DOCUMENTS_MSG = {
  notFound: 'Der Beleg wurde nicht gefunden',
  invalidCursor: 'Der Cursor ist ungültig',
  invalidLimit: 'limit muss eine ganze Zahl von 1 bis 500 sein',
  unknownType: (type: string) => `Unbekannte Belegart: ${type}`,
  invalidFirma: 'firma muss eine ganze Zahl sein',
  rangeReversed: 'from darf nicht nach to liegen',
} as const;

/** File formats of one document: JSON (the default), or CSV for German Excel. */
export const DOCUMENT_FORMATS = ['json', 'csv'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * A number in a query string with its example. The OpenAPI document shows a pipe by its input side, the text, and
 * drops an example put on the pipe itself: the example goes on that text.
 */
function withTextExample<S extends ReturnType<typeof intTextSchema>>(schema: S, example: string): S {
  z.globalRegistry.add(schema.in.in, { examples: [example] });
  return schema;
}

// Each parameter carries its own example: the OpenAPI document lists query parameters one by one.
export const documentListQuerySchema = z.object({
  /** Comma-separated document types (`inventory-count.exported,delivery-note.booked`); all when absent. */
  types: z
    .string()
    .max(2000)
    .optional()
    .meta({ examples: ['inventory-count.exported,delivery-note.booked'] }),
  /** Only this firma's documents (its number). */
  firma: withTextExample(intTextSchema(1, 2_147_483_647, DOCUMENTS_MSG.invalidFirma), '2').optional(),
  /** Only this store's documents, by its number as the import sent it ('2100'). */
  vkforg: z
    .string()
    .max(20)
    .optional()
    .meta({ examples: ['2100'] }),
  /** From this day on (exported or booked, Europe/Berlin), inclusive. */
  from: isoDateSchema.optional().meta({ examples: ['2026-11-01'] }),
  /** Up to this day, inclusive. */
  to: isoDateSchema.optional().meta({ examples: ['2026-11-30'] }),
  /** The `next` of the page before. */
  after: z
    .string()
    .max(200, { error: DOCUMENTS_MSG.invalidCursor })
    .optional()
    .meta({ examples: ['ZDE6MTc5NTg3ODc5NDc2MDAwMDowOjE3'] }),
  limit: withTextExample(intTextSchema(1, 500, DOCUMENTS_MSG.invalidLimit), '100').default(100),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/** One document of the list: enough to choose it; GET /documents/{id} gives the whole. */
export const integrationDocumentSummarySchema = z.object({
  /** For GET /documents/{id}; the same as the `documentId` of its event. */
  id: z.string(),
  type: z.string(),
  /** The document's number ('IN-2026-000017'; a delivery note's is the supplier's). */
  number: z.string(),
  /** When it was exported or booked. */
  time: z.string(),
  firma: z.number(),
  /** The store's internal id; its number is `erp.vkforg`. */
  vkforg: z.number(),
  erp: erpKeysSchema,
  lineCount: z.number(),
});
export type IntegrationDocumentSummary = z.infer<typeof integrationDocumentSummarySchema>;

const summaryExample = {
  id: 'inventory-count-17',
  type: 'inventory-count.exported',
  number: 'IN-2026-000017',
  time: '2026-11-28T16:05:12.345Z',
  firma: 2,
  vkforg: 21,
  erp: { firma: 2, vkforg: '2100' },
  lineCount: 1,
};

export const integrationDocumentListSchema = z
  .object({
    /** Oldest first. */
    documents: z.array(integrationDocumentSummarySchema),
    /** Pass as `after` for the next page; empty on the last page. */
    next: z.string().nullable(),
  })
  .meta({ examples: [{ documents: [summaryExample], next: null }] });
export type IntegrationDocumentList = z.infer<typeof integrationDocumentListSchema>;

/** One document as GET /documents/{id} answers it: an event's envelope, `document` the same as its event's. */
export const integrationDocumentSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    time: z.string(),
    firma: z.number(),
    vkforg: z.number(),
    user: eventUserSchema,
    erp: erpKeysSchema,
    document: z.union([captureDocumentPayloadSchema, deliveryNotePayloadSchema]),
  })
  .meta({
    examples: [
      {
        id: 'inventory-count-17',
        type: 'inventory-count.exported',
        time: '2026-11-28T16:05:12.345Z',
        firma: 2,
        vkforg: 21,
        user: { id: 7, name: 'pdemo' },
        erp: { firma: 2, vkforg: '2100' },
        document: inventoryDocumentExample,
      },
    ],
  });
export type IntegrationDocument = z.infer<typeof integrationDocumentSchema>;

export const integrationDocumentParamsSchema = z.strictObject({
  /** `<module>-<id>` of a capture module's document, `delivery-note-<id>` of a booked delivery note. */
  id: z
    .string()
    .max(60)
    .meta({ examples: ['inventory-count-17', 'delivery-note-5'] }),
});

export const documentFormatQuerySchema = z.object({
  /** `csv` for the CSV file (as `Accept: text/csv`); JSON by default. */
  format: z
    .enum(DOCUMENT_FORMATS)
    .optional()
    .meta({ examples: ['csv'] }),
});
