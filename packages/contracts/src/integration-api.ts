import type { apiErrorSchema } from './common';
import {
  DELIVERY_NOTE_EXAMPLE,
  importDeliveryNoteRowSchema,
  importPurchaseOrderRowSchema,
  PURCHASE_ORDER_EXAMPLE,
} from './document-import';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG } from './idempotency';
import {
  type ImportKind,
  INTEGRATION_MSG,
  importArticleRowSchema,
  importOpenOrderRowSchema,
  importStockRowSchema,
  importStorageLocationRowSchema,
  importStoreRowSchema,
  importSupplierRowSchema,
  importTurnoverRowSchema,
  importWarehouseRowSchema,
  MAX_IMPORT_ROWS,
} from './integration';
import { EVENTS_MSG } from './integration-events';
import { MSG } from './messages';
import { SAFE_INPUT_MSG } from './safe-input';
import type { z } from './zod';

// The integration API's version (/api/integration/v1/): the major is the path's, the minor counts the additive
// changes of docs/integration-changelog.md. Every integration answer names it in the header below, and the
// OpenAPI document in info.version; the changelog's newest dated entry must carry the same number.

/** `1.<minor>`: raised with every additive change (a field, a route, an event type), each with a changelog entry. */
export const INTEGRATION_API_VERSION = '1.1';

/** The header every answer of /api/integration/ carries (`MDE-API-Version: 1.0`); headers are read case-blind. */
export const INTEGRATION_API_VERSION_HEADER = 'MDE-API-Version';

/**
 * The row each import kind takes (PUT /api/integration/v1/<kind>: a JSON array of rows, or NDJSON with one row
 * per line), with an example row, as the OpenAPI document shows the request body. The route reads the body as a
 * stream and checks each row itself, so this is documentation only. A new kind needs its entry here.
 */
export const IMPORT_ROWS = {
  stores: { schema: importStoreRowSchema, example: { firma: 1, vkforg: '1100', name: 'Filiale Hamburg-Altona' } },
  warehouses: {
    schema: importWarehouseRowSchema,
    example: { firma: 1, vkforg: '1100', number: '1', name: 'Hauptlager' },
  },
  'storage-locations': {
    schema: importStorageLocationRowSchema,
    example: {
      firma: 1,
      vkforg: '1100',
      warehouse: '1',
      code: 'A-01-03',
      name: 'Regal A, Fach 3',
      zone: 'Trockensortiment',
      locationType: 'shelf',
      barcode: 'LP-A0103',
    },
  },
  suppliers: { schema: importSupplierRowSchema, example: { firma: 1, number: '70001', name: 'Molkerei Nord eG' } },
  articles: {
    schema: importArticleRowSchema,
    example: {
      firma: 1,
      number: '100234',
      designation1: 'Vollmilch 3,5 % 1 l',
      designation2: 'ESL',
      department: '10',
      baseUnit: 'ST',
      scalePlu: null,
      units: [
        { unit: 'ST', factor: 1, weightGrams: 1030 },
        { unit: 'KI', factor: 12, weightGrams: 12_600 },
      ],
      codes: [
        { code: '4006381333931', unit: 'ST' },
        { code: '14006381333938', unit: 'KI' },
      ],
      prices: [
        { vkforg: '1100', scale: 1, minQuantity: 1, unit: 'ST', per: 1, priceCents: 119, validFrom: '2025-06-01' },
      ],
      suppliers: [
        {
          supplier: '70001',
          supplierArticleNumber: 'MN-4711',
          minOrderQuantity: 1,
          orderUnit: 'KI',
          orderFactor: 12,
          isMain: true,
        },
      ],
      listings: [{ vkforg: '1100', listedSince: '2024-01-15', targetStock: 48, minStock: 12 }],
    },
  },
  stock: {
    schema: importStockRowSchema,
    example: {
      firma: 1,
      article: '100234',
      vkforg: '1100',
      warehouse: '1',
      quantity: 48,
      dispoQuantity: 36,
      orderQuantity: 24,
      nextDelivery: '2025-06-04',
    },
  },
  turnover: {
    schema: importTurnoverRowSchema,
    example: { firma: 1, article: 'IMP-100', vkforg: '1100', month: '2026-09', quantity: 412, amountCents: 36668 },
  },
  'open-orders': {
    schema: importOpenOrderRowSchema,
    example: {
      firma: 1,
      vkforg: '1100',
      orderNumber: 'B-2026-0815',
      article: 'IMP-100',
      quantity: 4,
      unit: 'KI',
      supplier: 'L-900001',
      orderDate: '2026-11-20',
      deliveryDate: '2026-11-27',
    },
  },
  'purchase-orders': { schema: importPurchaseOrderRowSchema, example: PURCHASE_ORDER_EXAMPLE },
  'delivery-notes': { schema: importDeliveryNoteRowSchema, example: DELIVERY_NOTE_EXAMPLE },
} satisfies Record<ImportKind, { schema: z.ZodType; example: object }>;

/** An error answer as the server sends it (plugins/errors.ts): the status and the body `{ message, code, fields? }`. */
export interface ErrorExample {
  status: number;
  /** When the server answers so, in German for the OpenAPI document. */
  summary: string;
  body: z.infer<typeof apiErrorSchema>;
}

/**
 * The error answers of the integration API as they really occur, each under its own name: the OpenAPI document
 * shows those a route can give as examples (apps/server/src/modules/integration/integration-openapi.ts picks
 * them). An answer with `fields` belongs to every route that takes all of those fields.
 */
export const INTEGRATION_ERRORS = {
  VALIDATION: {
    status: 400,
    summary: 'Ein Pfad-, Abfrage- oder Inhaltswert passt nicht zum Schema; `fields` nennt die Felder.',
    body: { message: MSG.badRequest, code: 'VALIDATION', fields: { limit: EVENTS_MSG.invalidLimit } },
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    summary: 'Der Idempotency-Key folgt nicht dem Muster.',
    body: { message: MSG.invalidValue, code: 'BAD_REQUEST', fields: { [IDEMPOTENCY_HEADER]: MSG.invalidValue } },
  },
  CURSOR_INVALID: {
    status: 400,
    summary: '`after` ist kein Cursor, den der Feed ausgegeben hat.',
    body: { message: EVENTS_MSG.invalidCursor, code: 'BAD_REQUEST', fields: { after: EVENTS_MSG.invalidCursor } },
  },
  EVENT_TYPE_UNKNOWN: {
    status: 400,
    summary: '`types` nennt einen Ereignistyp, den es nicht gibt.',
    body: {
      message: EVENTS_MSG.unknownEventType('order.shipped'),
      code: 'BAD_REQUEST',
      fields: { types: EVENTS_MSG.unknownEventType('order.shipped') },
    },
  },
  WEBHOOK_URL_INVALID: {
    status: 400,
    summary: 'Die Adresse ist keine http(s)-URL (oder enthält Zugangsdaten).',
    body: { message: EVENTS_MSG.invalidUrl, code: 'BAD_REQUEST', fields: { url: EVENTS_MSG.invalidUrl } },
  },
  WEBHOOK_EVENTS_MISSING: {
    status: 400,
    summary: '`events` nennt keinen Ereignistyp (und nicht `*`).',
    body: { message: EVENTS_MSG.noEventTypes, code: 'BAD_REQUEST', fields: { events: EVENTS_MSG.noEventTypes } },
  },
  MALFORMED_JSON: {
    status: 400,
    summary: 'Der Inhalt ist kein gültiges JSON.',
    body: { message: MSG.malformedJson, code: 'MALFORMED_JSON' },
  },
  NOT_AN_ARRAY: {
    status: 400,
    summary: 'Der Inhalt ist JSON, aber kein Array.',
    body: { message: INTEGRATION_MSG.bodyNotArray, code: 'NOT_AN_ARRAY' },
  },
  BODY_MISSING: {
    status: 400,
    summary: 'Die Anfrage hat keinen Inhalt.',
    body: { message: INTEGRATION_MSG.bodyMissing, code: 'BODY_MISSING' },
  },
  UNSAFE_INPUT: {
    status: 400,
    summary: 'Ein Text enthält Zeichen, die keine Datenbank speichern kann (NUL, einzelne Surrogate).',
    body: { message: SAFE_INPUT_MSG.unsafeText, code: 'UNSAFE_INPUT' },
  },
  API_KEY_MISSING: {
    status: 401,
    summary: 'Ohne `Authorization: Bearer <Schlüssel>`.',
    body: { message: INTEGRATION_MSG.apiKeyMissing, code: 'API_KEY_MISSING' },
  },
  API_KEY_INVALID: {
    status: 401,
    summary: 'Der Schlüssel ist unbekannt oder widerrufen.',
    body: { message: INTEGRATION_MSG.apiKeyInvalid, code: 'API_KEY_INVALID' },
  },
  SCOPE_MISSING: {
    status: 403,
    summary: 'Dem Schlüssel fehlt der Scope der Route.',
    body: { message: INTEGRATION_MSG.scopeMissing, code: 'SCOPE_MISSING' },
  },
  NOT_FOUND: {
    status: 404,
    summary: 'Das Objekt des Pfads gibt es nicht; `message` nennt, was fehlt.',
    body: { message: MSG.notFound, code: 'NOT_FOUND' },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    summary: 'Der Inhalt ist größer als erlaubt; die Verbindung wird nach der Antwort geschlossen.',
    body: { message: MSG.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  },
  TOO_MANY_ROWS: {
    status: 413,
    summary: `Mehr als ${MAX_IMPORT_ROWS.toLocaleString('de-DE')} Zeilen in einer Anfrage.`,
    body: { message: INTEGRATION_MSG.tooManyRows, code: 'TOO_MANY_ROWS' },
  },
  CSV_COLUMNS_MISSING: {
    status: 400,
    summary: 'Eine CSV-Datei (`text/csv`), deren Kopfzeile Spalten der Art fehlen.',
    body: {
      message: `${INTEGRATION_MSG.csvColumnsMissing}: Firma, VKFORG, Name (siehe docs/import/README.md)`,
      code: 'CSV_COLUMNS_MISSING',
    },
  },
  CSV_LINE_BROKEN: {
    status: 400,
    summary: 'Eine Beleg-CSV mit einer Zeile, die kein CSV-Datensatz ist (ein Beleg würde ohne sie übernommen).',
    body: { message: `${INTEGRATION_MSG.csvDocumentLineBroken} (Zeile 3)`, code: 'CSV_LINE_BROKEN' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    summary: 'Der Content-Type wird nicht angenommen.',
    body: { message: MSG.badRequest, code: 'UNSUPPORTED_MEDIA_TYPE' },
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    summary: 'Derselbe Idempotency-Key kam schon mit einer anderen Anfrage.',
    body: { message: IDEMPOTENCY_MSG.keyReused, code: 'IDEMPOTENCY_KEY_REUSED' },
  },
  RATE_LIMITED: {
    status: 429,
    summary: 'Zu viele Anfragen mit diesem Schlüssel; nach `Retry-After` Sekunden erneut versuchen.',
    body: { message: MSG.tooManyRequests, code: 'RATE_LIMITED' },
  },
  SERVER_BUSY: {
    status: 503,
    summary: 'Zu viele offene Verbindungen von dieser Adresse; nach `Retry-After` Sekunden erneut versuchen.',
    body: { message: MSG.serverBusy, code: 'SERVER_BUSY' },
  },
} satisfies Record<string, ErrorExample>;
export type IntegrationErrorName = keyof typeof INTEGRATION_ERRORS;
