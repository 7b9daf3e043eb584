import { captureModuleSchema, documentResultSchema } from './capture-modules';
import { isoDateSchema, isoDateTimeSchema, safeString, text } from './common';
import { geoPositionSchema } from './geo-position';
import { MSG } from './messages';
import { orderProposalSchema, proposalParamsSchema } from './order-proposal';
import { QUANTITY_MSG, quantityInputSchema } from './quantities';
import { documentVariantSchema } from './receiving-documents';
import { RETURN_REASONS } from './returns';
import { z } from './zod';

/** Document lists show the last 30 days. */
export const CAPTURE_DOCUMENT_DAYS = 30;
/** Most changes one sync request may carry; the web outbox sends smaller batches. */
export const CAPTURE_SYNC_MAX_CHANGES = 5000;
/** Where a device's capture outbox sends its changes (the capture engine's routes are mounted at /api/v1/captures). */
export const CAPTURE_SYNC_PATH = '/api/v1/captures/sync';

export const CAPTURE_MSG = {
  unknownArticle: 'Der Artikel wurde nicht gefunden',
  articleOffline: 'Der Artikel ist offline nicht verfügbar',
  unknownUnit: (unit: string) => `Die Einheit „${unit}“ gibt es für diesen Artikel nicht`,
  quantityPositive: QUANTITY_MSG.positive,
  quantityNotNegative: QUANTITY_MSG.notNegative,
  quantityDecimals: QUANTITY_MSG.decimals,
  quantityWhole: QUANTITY_MSG.whole,
  quantityTooLarge: QUANTITY_MSG.tooLarge,
  noPermission: (title: string) => `Sie haben keine Berechtigung für das Modul ${title}`,
  reasonNotAllowed: 'Ein Rückgabegrund ist nur bei Retouren möglich',
  batchNotAllowed: 'Charge und Mindesthaltbarkeitsdatum sind nur bei Inventur und Warenverprobung möglich',
  batchNotPrintable: 'Die Charge darf nur druckbare Zeichen enthalten',
  storageLocationHidden: 'Der Lagerort ist für dieses Modul ausgeblendet und wurde nicht übernommen',
  unknownWarehouse: 'Das Lager wurde nicht gefunden',
  unknownSupplier: 'Der Lieferant wurde nicht gefunden',
  lineExported: 'Die Position wurde bereits exportiert',
  lineOtherCapture: 'Die Position gehört zu einer anderen Erfassung',
  lineNotFound: 'Die Position wurde nicht gefunden',
  emptyCapture: 'Die Erfassung enthält keine Positionen',
  ediRequired: 'Bitte geben Sie an, ob per EDI übertragen werden soll',
  exportKeyMissing: 'Der Header Idempotency-Key fehlt oder ist ungültig',
  exportKeyReused: 'Dieser Idempotency-Key wurde bereits für einen anderen Export verwendet',
  overwrittenByOtherDevice: 'Von einem anderen Gerät überschrieben',
  overwroteOtherDevice: 'Die Änderung eines anderen Geräts wurde überschrieben',
  waitingForEarlier: (seq: number) => `Wartet auf die frühere Änderung Nr. ${seq}`,
  captureJustExported: 'Die Erfassung wurde soeben exportiert. Bitte erfassen Sie die Änderung erneut',
  captureExportedMeanwhile:
    'Die Erfassung wurde soeben exportiert. Die Änderung wird erneut gesendet und kommt in die neue Erfassung',
  invalidChange: (detail: string) => `Ungültige Änderung: ${detail}`,
  otherContext:
    'Die Änderung wurde in einem anderen Kontext erfasst. Bitte wechseln Sie den Kontext und synchronisieren Sie erneut',
} as const;

/** A line's client-generated id: retries of the same line carry the same id. */
export const captureClientIdSchema = z.uuid({ error: 'Ungültige Client-ID' });
const clientTimeSchema = isoDateTimeSchema;
const quantitySchema = quantityInputSchema();
const articleIdSchema = z
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .positive()
  .max(2_147_483_647);
const optionalId = articleIdSchema.nullable().optional();

/**
 * Header (Kopf) per docs/spec.md §3: datum (order proposal, ordering), lager + belegdatum (inventory, stock), supplier
 * (returns), art (goods sampling: Bestellung or Warenübernahme) with the document it checks.
 */
export const captureHeaderInputSchema = z.strictObject({
  datum: isoDateSchema.nullable().optional(),
  lager: optionalId,
  belegdatum: isoDateSchema.nullable().optional(),
  supplierId: optionalId,
  art: documentVariantSchema.nullable().optional(),
  documentId: optionalId,
  /** Client time of the edit: two devices of one user resolve by the later edit. */
  updatedAt: clientTimeSchema.optional(),
});
export type CaptureHeaderInput = z.infer<typeof captureHeaderInputSchema>;

/** One field of a capture line: what a device may send (null: the server derives it) and what the line keeps. */
const lineField = <I extends z.ZodType | null, S extends z.ZodType>(input: I, stored: S) => ({ input, stored });

/**
 * The capture line's own fields, defined once: the input and line schemas below, the device's line rows, the
 * sync payloads and the server's mappers and update set all derive from this list
 * (docs/conventions.md#capture-line-fields).
 */
export const captureLineFields = {
  quantity: lineField(quantitySchema, z.number()),
  /** One of the article's units; default: the order unit (ordering, proposal) or the base unit. */
  unit: lineField(text(20).min(1, { error: MSG.required }).optional(), z.string()),
  /** Base units per unit: the server takes it from the article's unit. */
  factor: lineField(null, z.number()),
  /** Storage location code, kept when FELD_LAGERORT = 'eingeblendet' (docs/spec.md §5). */
  storageLocation: lineField(text(40).nullable().optional(), z.string().nullable()),
  reason: lineField(
    z.enum(RETURN_REASONS, { error: 'Ungültiger Rückgabegrund' }).nullable().optional(),
    z.enum(RETURN_REASONS).nullable(),
  ),
  /** Batch/lot number (GS1 AI 10, up to 20 printable characters), on modules whose lines carry it (tracksBatch). */
  batch: lineField(
    text(20)
      .regex(/^[\x20-\x7e\u00a0-\uffff]*$/, { error: CAPTURE_MSG.batchNotPrintable })
      .nullable()
      .optional(),
    // Optional where stored: a device's lines saved before the field have none.
    z.string().nullable().optional(),
  ),
  /** Best-before date (GS1 AI 17, read as an ISO date; day 00 is the month's last day), with the batch. */
  bestBefore: lineField(isoDateSchema.nullable().optional(), z.string().nullable().optional()),
};
type LineFields = typeof captureLineFields;
export type CaptureLineFieldName = keyof LineFields;
/** The fields a device sends; the others the server derives. */
export type CaptureLineInputFieldName = {
  [K in CaptureLineFieldName]: LineFields[K]['input'] extends null ? never : K;
}[CaptureLineFieldName];
export const CAPTURE_LINE_FIELD_NAMES = Object.keys(captureLineFields) as CaptureLineFieldName[];
export const CAPTURE_LINE_INPUT_FIELD_NAMES = CAPTURE_LINE_FIELD_NAMES.filter(
  (name) => captureLineFields[name].input !== null,
) as CaptureLineInputFieldName[];
const lineInputShape = Object.fromEntries(
  CAPTURE_LINE_INPUT_FIELD_NAMES.map((name) => [name, captureLineFields[name].input]),
) as { [K in CaptureLineInputFieldName]: NonNullable<LineFields[K]['input']> };
const lineStoredShape = Object.fromEntries(
  CAPTURE_LINE_FIELD_NAMES.map((name) => [name, captureLineFields[name].stored]),
) as { [K in CaptureLineFieldName]: LineFields[K]['stored'] };

export const captureLineInputSchema = z.strictObject({
  articleId: articleIdSchema,
  ...lineInputShape,
  /** Client time of the scan: the list column 'Erfassungszeitpunkt' (docs/spec.md §3). */
  capturedAt: clientTimeSchema,
  updatedAt: clientTimeSchema.optional(),
});
export type CaptureLineInput = z.infer<typeof captureLineInputSchema>;

export const captureLineDeleteSchema = z.strictObject({ updatedAt: clientTimeSchema.optional() });
export const captureExportInputSchema = z.strictObject({
  edi: z.boolean({ error: MSG.invalidValue }).optional(),
  /** Where the export was made (docs/spec.md §3 geo position), taken once when the user exported; absent when unknown. */
  position: geoPositionSchema.optional(),
  /** How long the export waited on the device before this send, in seconds; absent when sent at once. */
  waitedSeconds: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .min(0, { error: MSG.invalidValue })
    .optional(),
});
/**
 * An export sent within this many seconds of the tap was seen succeeding on screen: its 'Beleg gespeichert'
 * is no news. One that waited longer (offline, or behind a long queue) is.
 */
export const EXPORT_SEEN_SECONDS = 15;
export const exportSeenOnScreen = (input: CaptureExportInput) => (input.waitedSeconds ?? 0) < EXPORT_SEEN_SECONDS;
export type CaptureExportInput = z.infer<typeof captureExportInputSchema>;

export const captureHeaderSchema = z.object({
  datum: z.string().nullable(),
  lager: z.number().nullable(),
  belegdatum: z.string().nullable(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  art: documentVariantSchema.nullable(),
  documentId: z.number().nullable(),
});

export const captureLineSchema = z.object({
  id: z.number(),
  clientId: z.string(),
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  ...lineStoredShape,
  warnings: z.array(z.string()),
  capturedAt: z.string(),
  updatedAt: z.string(),
  deleted: z.boolean(),
  version: z.number(),
});
export type CaptureLine = z.infer<typeof captureLineSchema>;
/** A line's own values (captureLineFields), as the device and the server keep them. */
export type CaptureLineValues = Pick<CaptureLine, CaptureLineFieldName>;
/** What a device sends of a line's own values. */
export type CaptureLineInputValues = Pick<CaptureLineValues, CaptureLineInputFieldName>;

const pick = <N extends string>(names: readonly N[], from: Partial<Record<N, unknown>>) =>
  Object.fromEntries(names.map((name) => [name, from[name]]));
/** A copy of a line's own values, from anything that holds them (a device row, a server line, a rule's verdict). */
export const lineValuesOf = (from: CaptureLineValues): CaptureLineValues =>
  pick(CAPTURE_LINE_FIELD_NAMES, from) as CaptureLineValues;
/** The values a device sends of a line. */
export const lineInputValuesOf = (from: CaptureLineInputValues): CaptureLineInputValues =>
  pick(CAPTURE_LINE_INPUT_FIELD_NAMES, from) as CaptureLineInputValues;

/** The user's open capture of a module in the current vkforg; id null until the first change. */
export const captureSchema = z.object({
  id: z.number().nullable(),
  module: captureModuleSchema,
  vkforgId: z.number(),
  header: captureHeaderSchema,
  version: z.number(),
  /** Not deleted lines, id descending (docs/spec.md §3). */
  lines: z.array(captureLineSchema),
});
export type Capture = z.infer<typeof captureSchema>;

export const captureDocumentSchema = z.object({
  id: z.number(),
  number: z.string(),
  module: captureModuleSchema,
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  edi: z.boolean().nullable(),
  datum: z.string().nullable(),
  lager: z.number().nullable(),
  belegdatum: z.string().nullable(),
  lineCount: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  /**
   * Where the export was made, when the module config records it and the device knew (docs/spec.md §3); absent in
   * answers stored before positions were recorded.
   */
  position: geoPositionSchema.nullable().optional(),
});
export type CaptureDocument = z.infer<typeof captureDocumentSchema>;
export const captureDocumentDetailSchema = captureDocumentSchema.extend({
  lines: z.array(captureLineSchema),
  result: documentResultSchema.nullable(),
});
export type CaptureDocumentDetail = z.infer<typeof captureDocumentDetailSchema>;

/** What an export answers, the same on every retry (docs/architecture.md#idempotent-writes). */
export const captureExportResultSchema = z.object({
  captureId: z.number(),
  documents: z.array(captureDocumentDetailSchema),
});
export type CaptureExportResult = z.infer<typeof captureExportResultSchema>;

// Sync: the request is checked as a whole only for what makes it a sync request at all
// (a device id, a list of numbered changes). Everything else of a change, its envelope and its payload, is
// checked per change on the server, so one bad change is answered 'rejected' and never blocks the others.
export const CHANGE_KINDS = ['upsert-line', 'delete-line', 'set-header', 'export'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
const syncSeqSchema = z
  .number({ error: MSG.invalidValue })
  .int({ error: MSG.invalidValue })
  .min(1, { error: MSG.invalidValue })
  .max(Number.MAX_SAFE_INTEGER, { error: MSG.invalidValue });
/** One change as the server applies it: checked change by change, a failure rejects only that change. */
export const syncChangeSchema = z.strictObject({
  seq: syncSeqSchema,
  clientId: safeString().min(1, { error: MSG.required }).max(100, { error: MSG.tooLong }),
  module: safeString().max(40, { error: MSG.tooLong }),
  kind: safeString().max(40, { error: MSG.tooLong }),
  /** The vkforg the change was captured in; a change from before a context switch is not moved to another store. */
  vkforgId: z.number({ error: MSG.invalidValue }).int().positive().max(2_147_483_647).optional(),
  /**
   * The header (Kopf) the device showed when it made the change. A line that reaches a capture without a header
   * (the user's other device exported the one it was made for) starts the next capture with it, so it is never
   * set aside for a header the user did choose.
   */
  header: captureHeaderInputSchema.optional(),
  payload: z.looseObject({}, { error: MSG.invalidValue }).nullable().optional(),
});
export type SyncChange = z.infer<typeof syncChangeSchema>;
/** What the request holds of a change: its number, to answer it by; the rest waits for syncChangeSchema. */
export const syncEnvelopeSchema = z.looseObject({ seq: syncSeqSchema }, { error: MSG.invalidValue });
export const syncRequestSchema = z.strictObject({
  deviceId: z.string({ error: MSG.invalidValue }).regex(/^[\w.:-]{8,100}$/, { error: 'Ungültige Geräte-ID' }),
  changes: z.array(syncEnvelopeSchema).max(CAPTURE_SYNC_MAX_CHANGES, { error: MSG.payloadTooLarge }),
});
/** A sync request as the server receives it: each change is checked on its own (syncChangeSchema). */
export type SyncRequestBody = z.infer<typeof syncRequestSchema>;
/** A sync request as a client builds it. */
export interface SyncRequest {
  deviceId: string;
  changes: SyncChange[];
}

export const syncStatusSchema = z.enum(['applied', 'duplicate', 'rejected', 'pending']);
export const syncChangeResultSchema = z.object({
  seq: z.number(),
  clientId: z.string(),
  /** applied; duplicate (seq already applied: the first answer again); rejected (reason); pending (resend later). */
  status: syncStatusSchema,
  /** The first answer's status, on a duplicate. */
  firstStatus: syncStatusSchema.optional(),
  reason: z.string().optional(),
  note: z.string().optional(),
  /** Warnings of an applied line (below the supplier minimum, supplier does not deliver, …). */
  warnings: z.array(z.string()).optional(),
  serverVersion: z.number(),
  /** The line as the server keeps it, when another device's edit decided it. */
  line: captureLineSchema.optional(),
  export: captureExportResultSchema.optional(),
});
export type SyncChangeResult = z.infer<typeof syncChangeResultSchema>;
export const syncResponseSchema = z.object({
  lastAppliedSeq: z.number(),
  results: z.array(syncChangeResultSchema),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** Answer of the REST line upsert/delete: the line as stored plus a note when another device's edit won or lost. */
export const captureLineResultSchema = z.object({
  line: captureLineSchema,
  serverVersion: z.number(),
  note: z.string().optional(),
});
export type CaptureLineResult = z.infer<typeof captureLineResultSchema>;

/** What the article capture screen needs of one article (docs/modules.md#article-capture-screen). */
export const captureArticleSchema = z.object({
  idartstamm: z.number(),
  number: z.string(),
  designation1: z.string(),
  designation2: z.string(),
  baseUnit: z.string(),
  /** Units with base units per unit; the base unit first. */
  units: z.array(z.object({ unit: z.string(), factor: z.number() })),
  /** The unit a new line starts with: the order unit when ordering, else the base unit. */
  defaultUnit: z.string(),
  supplier: z
    .object({
      id: z.number(),
      name: z.string(),
      /** Minimum order amount in base units. */
      minimum: z.number(),
      orderUnit: z.string(),
      orderFactor: z.number(),
    })
    .nullable(),
  /** Suppliers that deliver the article (Retouren supplier check). */
  supplierIds: z.array(z.number()),
  /** Order proposal ('Vorschlag'), for order-proposal only. */
  proposal: orderProposalSchema.nullable(),
});
export type CaptureArticle = z.infer<typeof captureArticleSchema>;

export const captureArticleParamsSchema = proposalParamsSchema;

export const supplierSearchQuerySchema = z.strictObject({
  q: text(100).default(''),
});
export const supplierSchema = z.object({ id: z.number(), number: z.string(), name: z.string() });
export type Supplier = z.infer<typeof supplierSchema>;
