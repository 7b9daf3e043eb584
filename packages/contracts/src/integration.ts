import { isoDateSchema } from './common';
import { BOUND_MSG } from './messages';
import { quantityInputSchema } from './quantities';
import { hasUnsafeChars, isYearInRange, SAFE_INPUT_MSG } from './safe-input';
import { z } from './zod';

// The integration API (/api/integration/v1/) for machine clients such as an ERP: an API key per client,
// each with the scopes of the kinds of data it may send or read.

/** What a key may do; a route names the one scope it needs. */
export const INTEGRATION_SCOPES = [
  'import:articles',
  'import:stock',
  'import:org',
  'import:documents',
  'events:read',
  'webhooks:manage',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export const isIntegrationScope = (value: string): value is IntegrationScope =>
  (INTEGRATION_SCOPES as readonly string[]).includes(value);

/** Every key starts with this, so a key pasted somewhere it does not belong is recognisable. */
export const API_KEY_PREFIX = 'mde_';

export const INTEGRATION_MSG = {
  apiKeyMissing: 'API-Schlüssel fehlt (Authorization: Bearer <Schlüssel>)',
  apiKeyInvalid: 'Der API-Schlüssel ist unbekannt oder widerrufen',
  scopeMissing: 'Der API-Schlüssel hat nicht die Berechtigung für diese Schnittstelle',
  bodyNotArray: 'Erwartet wird ein JSON-Array oder NDJSON (ein JSON-Objekt pro Zeile)',
  bodyMissing: 'Die Anfrage enthält keine Daten: erwartet wird ein JSON-Array oder NDJSON (ein JSON-Objekt pro Zeile)',
  rowNotJson: 'Die Zeile ist kein gültiges JSON-Objekt',
  tooManyRows: 'Zu viele Zeilen in einer Anfrage',
  firmaUnknown: 'Die Firma ist unbekannt',
  /** A row of a firma the key was not made for (docs/administration.md#integration). */
  keyNotForFirma: 'Der API-Schlüssel gilt nicht für diese Firma',
  firmasMissing: 'Bitte mindestens eine Firma wählen',
  webhookFirmasNotOfKey: 'Ein Webhook gilt nur für Firmen des API-Schlüssels, mit dem er angelegt wird',
  vkforgUnknown: 'Die Verkaufsorganisation ist unbekannt',
  supplierUnknown: 'Der Lieferant ist unbekannt',
  duplicateInRequest: 'Diese Artikelnummer kommt in der Anfrage mehrfach vor',
  codeInvalid: 'Kein gültiger EAN/UPC/GTIN-14-Code (Länge oder Prüfziffer)',
  codeTaken: 'Der Code gehört bereits zu einem anderen Artikel',
  codeTwice: 'Der Code kommt beim Artikel mehrfach vor',
  unitUnknown: 'Die Einheit ist beim Artikel nicht angelegt',
  baseUnitMissing: 'Die Basiseinheit muss unter den Einheiten mit Faktor 1 stehen',
  entryTwice: 'Der Eintrag kommt beim Artikel mehrfach vor',
  keyTwice: 'Dieser Datensatz (gleicher Schlüssel) kommt in der Anfrage mehrfach vor',
  warehouseUnknown: 'Das Lager ist unbekannt',
  articleUnknown: 'Der Artikel ist unbekannt',
  barcodeTaken: 'Der Barcode gehört bereits zu einem anderen Lagerplatz',
  // A field kept in whole units (cents, grams, a count) is never rounded on the way in.
  wholeNumber: 'Nur ganze Zahlen: der Wert wird nicht gerundet',
  csvColumnsMissing: 'Spalten fehlen in der Kopfzeile',
  csvDocumentLineBroken:
    'Die Datei hat eine Zeile, die kein gültiger CSV-Datensatz ist; ein Beleg würde ohne sie übernommen: nichts importiert',
  // A file without codes or prices leaves them as stored; they name units, so the units must stay too.
  unitsNeedLists:
    'Die Einheiten ändern sich, die Datei hat aber keine Spalte Codes oder Preise: die gespeicherten nennen die Einheiten, darum gehören beide Spalten dann in die Datei',
  monthFormat: 'Monat als JJJJ-MM (z. B. 2026-03)',
  monthInFuture: 'Der Monat liegt in der Zukunft',
  monthBeforeWindow:
    'Der Monat liegt mehr als 24 Monate vor dem neuesten Monat des Artikels in dieser Filiale (gespeichert werden 24 Monate)',
  deliveryBeforeOrder: 'Der Liefertermin liegt vor dem Bestelldatum',
} as const;

/** The firmas a key or webhook is for: at least one, each at most once, in order. */
export const integrationFirmasSchema = z
  .array(z.number({ error: INTEGRATION_MSG.firmasMissing }).int().positive().max(2_147_483_647), {
    error: INTEGRATION_MSG.firmasMissing,
  })
  .min(1, INTEGRATION_MSG.firmasMissing)
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/**
 * The kinds of master data PUT /api/integration/v1/<kind> and `npm run import` take, with the scope each needs, in
 * the order of a first import: each kind refers only to kinds before it (docs/import/README.md lists the same order).
 */
export const IMPORT_KIND_SCOPES = {
  stores: 'import:org',
  warehouses: 'import:org',
  'storage-locations': 'import:org',
  suppliers: 'import:articles',
  articles: 'import:articles',
  stock: 'import:stock',
  turnover: 'import:stock',
  'open-orders': 'import:stock',
  'purchase-orders': 'import:documents',
  'delivery-notes': 'import:documents',
} as const satisfies Record<string, IntegrationScope>;
export type ImportKind = keyof typeof IMPORT_KIND_SCOPES;
/** Every import kind in the order of a first import. */
export const IMPORT_KINDS_IN_ORDER = Object.keys(IMPORT_KIND_SCOPES) as ImportKind[];

/** The kinds that bring documents with their lines (document-import.ts), not master data rows. */
export const DOCUMENT_IMPORT_KINDS = ['purchase-orders', 'delivery-notes'] as const satisfies readonly ImportKind[];
export type DocumentImportKind = (typeof DOCUMENT_IMPORT_KINDS)[number];
export type MasterDataImportKind = Exclude<ImportKind, DocumentImportKind>;
export const isDocumentImportKind = (kind: ImportKind): kind is DocumentImportKind =>
  (DOCUMENT_IMPORT_KINDS as readonly string[]).includes(kind);

/** Rows per request: the body is bounded by size too, this keeps one answer's list of rejections small. */
export const MAX_IMPORT_ROWS = 50_000;

// A text the database can store (no NUL, no lone surrogate), trimmed, with a length bound.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasUnsafeChars(v), { error: 'Der Text enthält unzulässige Zeichen' });
const requiredText = (max: number) => text(max).pipe(z.string().min(1, { error: 'Pflichtfeld' }));
// The quantity rule of the app's routes (quantities.ts: at most three decimals, refused and never rounded, with
// the same reasons) within what numeric(12, 3) holds, whose bound a refusal names ('Höchstens 999.999.999').
const IMPORT_QUANTITY_MAX = 999_999_999;
const tooLarge = BOUND_MSG.atMost(IMPORT_QUANTITY_MAX);
const quantity = quantityInputSchema({ max: IMPORT_QUANTITY_MAX, messages: { tooLarge } });
const positiveFactor = quantityInputSchema({
  positive: true,
  max: IMPORT_QUANTITY_MAX,
  messages: { tooLarge, positive: 'Muss größer als 0 sein' },
});
// Stock may be negative (sold before the goods receipt was booked).
const signedQuantity = quantityInputSchema({
  min: -IMPORT_QUANTITY_MAX,
  max: IMPORT_QUANTITY_MAX,
  messages: { tooLarge },
});
const firma = z.number().int().positive().max(2_147_483_647);

export const importArticleRowSchema = z.strictObject({
  firma,
  number: requiredText(40),
  designation1: requiredText(120),
  designation2: text(120).default(''),
  department: requiredText(40),
  baseUnit: requiredText(10),
  scalePlu: z
    .string()
    .regex(/^\d{5}$/, { error: 'Fünf Ziffern' })
    .nullable()
    .default(null),
  units: z
    .array(
      z.strictObject({
        unit: requiredText(10),
        factor: positiveFactor,
        weightGrams: z.number().int().min(0).max(2_000_000_000).nullable().default(null),
      }),
    )
    .min(1)
    .max(20),
  codes: z
    .array(z.strictObject({ code: z.string().max(14), unit: requiredText(10) }))
    .max(50)
    .default([]),
  prices: z
    .array(
      z.strictObject({
        vkforg: requiredText(20),
        scale: z.number().int().min(1).max(99).default(1),
        minQuantity: quantity.default(1),
        unit: requiredText(10),
        per: z.number().int().min(1).max(10_000).default(1),
        priceCents: z.number().int().min(0).max(2_000_000_000),
        validFrom: isoDateSchema,
      }),
    )
    .max(500)
    .default([]),
  suppliers: z
    .array(
      z.strictObject({
        supplier: requiredText(20),
        supplierArticleNumber: requiredText(40),
        minOrderQuantity: quantity.default(1),
        orderUnit: requiredText(10),
        orderFactor: positiveFactor.default(1),
        isMain: z.boolean().default(false),
      }),
    )
    .max(20)
    .default([]),
  listings: z
    .array(
      z.strictObject({
        vkforg: requiredText(20),
        listedSince: isoDateSchema,
        targetStock: quantity.default(0),
        minStock: quantity.default(0),
      }),
    )
    .max(500)
    .default([]),
});
export type ImportArticleRow = z.infer<typeof importArticleRowSchema>;

/** The field rules of the rows above, for the document kinds' rows (document-import.ts). */
export const IMPORT_FIELD = { text, requiredText, firma };

/** A row that was refused: its place in the request (0-based), the field and why, in German. */
export const importRejectionSchema = z.object({
  index: z.number(),
  field: z.string(),
  message: z.string(),
  /** CSV bodies only: the line of the file (header = 1) and the column as the header names it. */
  line: z.number().optional(),
  column: z.string().optional(),
});
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importResultSchema = z
  .object({
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    rejected: z.number(),
    rejections: z.array(importRejectionSchema),
  })
  .meta({
    examples: [
      {
        inserted: 2,
        updated: 1,
        unchanged: 0,
        rejected: 1,
        rejections: [{ index: 3, field: 'prices.0.priceCents', message: 'Der Wert darf nicht negativ sein' }],
      },
    ],
  });
export type ImportResult = z.infer<typeof importResultSchema>;

/** A store (Verkaufsorganisation) of a firma, by its number. */
export const importStoreRowSchema = z.strictObject({ firma, vkforg: requiredText(20), name: requiredText(80) });

/** A warehouse of a store, by firma + store + number. */
export const importWarehouseRowSchema = z.strictObject({
  firma,
  vkforg: requiredText(20),
  number: requiredText(20),
  name: requiredText(80),
});

/** A storage location (Lagerplatz) of a warehouse, by firma + store + warehouse + code. */
export const importStorageLocationRowSchema = z.strictObject({
  firma,
  vkforg: requiredText(20),
  warehouse: requiredText(20),
  code: requiredText(40),
  name: requiredText(80),
  zone: text(40).default(''),
  locationType: z.enum(['shelf', 'pallet', 'cold']).default('shelf'),
  barcode: text(40)
    .nullable()
    .default(null)
    .transform((v) => v || null),
});

/** A supplier of a firma, by its number. */
export const importSupplierRowSchema = z.strictObject({ firma, number: requiredText(20), name: requiredText(120) });

/** The stock of an article in a warehouse, by firma + article number + store + warehouse number. */
export const importStockRowSchema = z.strictObject({
  firma,
  article: requiredText(40),
  vkforg: requiredText(20),
  warehouse: requiredText(20),
  quantity: signedQuantity,
  dispoQuantity: signedQuantity.default(0),
  orderQuantity: quantity.default(0),
  nextDelivery: isoDateSchema.nullable().default(null),
});

/** Months of turnover kept per article and store: the Artikel-Info's last 12 against the 12 a year earlier. */
export const TURNOVER_MONTHS = 24;
/** A month's turnover in cents either way (returns and deposit articles make it negative), bigint in the table. */
const TURNOVER_CENTS_MAX = 99_999_999_999;
// A calendar month as the Artikel-Info shows it, in years 0001–9999 like every date.
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: INTEGRATION_MSG.monthFormat })
  .refine(isYearInRange, { error: SAFE_INPUT_MSG.yearOutOfRange });

/**
 * An article's turnover in a store in one calendar month, by firma + article number + store + month: the net
 * quantity sold in the base unit and the net amount in cents, as the ERP books them. Negative figures are
 * taken (returns, deposit bottles taken back); the newest 24 months per article and store are kept.
 */
export const importTurnoverRowSchema = z.strictObject({
  firma,
  article: requiredText(40),
  vkforg: requiredText(20),
  month: month.describe('Kalendermonat JJJJ-MM, höchstens der laufende'),
  quantity: signedQuantity.describe('Verkaufte Menge in der Basiseinheit des Artikels, netto'),
  amountCents: z
    .number()
    .int()
    .min(-TURNOVER_CENTS_MAX)
    .max(TURNOVER_CENTS_MAX)
    .describe('Umsatz in Cent, netto, ganze Zahl'),
});

/**
 * An open purchase order line (offene Bestellung) of a store, by firma + store + order number + article number:
 * the quantity still to come in `unit` (one of the article's units). Quantity 0 removes the line (delivered or
 * cancelled); the other fields may then be left out.
 */
export const importOpenOrderRowSchema = z
  .strictObject({
    firma,
    vkforg: requiredText(20),
    orderNumber: requiredText(40),
    article: requiredText(40),
    quantity: quantity.describe('Offene Menge in `unit`; 0 entfernt die Bestellzeile (geliefert oder storniert)'),
    supplier: requiredText(20).optional().describe('Lieferantennummer; Pflicht außer bei Menge 0'),
    orderDate: isoDateSchema.optional().describe('Bestelldatum; Pflicht außer bei Menge 0'),
    unit: requiredText(10)
      .optional()
      .describe('Einheit des Artikels, in der die Menge steht; Pflicht außer bei Menge 0'),
    deliveryDate: isoDateSchema.nullable().default(null).describe('Erwarteter Liefertermin'),
  })
  .superRefine((row, ctx) => {
    if (row.quantity === 0) return;
    for (const field of ['supplier', 'orderDate', 'unit'] as const) {
      if (row[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Pflichtfeld' });
    }
    if (row.orderDate && row.deliveryDate && row.deliveryDate < row.orderDate) {
      ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: INTEGRATION_MSG.deliveryBeforeOrder });
    }
  });
export type ImportOpenOrderRow = z.infer<typeof importOpenOrderRowSchema>;

/** The answer of a kind that can remove rows (open orders): how many it removed besides the counts. */
export const importRemovingResultSchema = importResultSchema.extend({ removed: z.number() });
export type ImportRemovingResult = z.infer<typeof importRemovingResultSchema>;

/** `?full=true`: the request holds every open order of the stores it names; the others of those stores go. */
export const importFullQuerySchema = z.strictObject({
  full: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta({ example: 'true' }),
});

/** The answer of a master data kind's import as the OpenAPI document shows it (its rows: IMPORT_ROWS). */
export const IMPORT_RESULT_SCHEMAS = {
  stores: importResultSchema,
  warehouses: importResultSchema,
  'storage-locations': importResultSchema,
  suppliers: importResultSchema,
  articles: importResultSchema,
  stock: importResultSchema,
  turnover: importResultSchema.meta({
    examples: [
      {
        inserted: 1,
        updated: 0,
        unchanged: 0,
        rejected: 1,
        rejections: [{ index: 1, field: 'article', message: INTEGRATION_MSG.articleUnknown }],
      },
    ],
  }),
  'open-orders': importRemovingResultSchema.meta({
    examples: [
      {
        inserted: 1,
        updated: 0,
        unchanged: 0,
        removed: 1,
        rejected: 0,
        rejections: [],
      },
    ],
  }),
} as const satisfies Record<MasterDataImportKind, z.ZodType>;
