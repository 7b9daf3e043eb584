import { idTextSchema, text } from './common';
import { MSG } from './messages';
import { z } from './zod';

/**
 * Documents of the goods receipt (docs/modules.md#warenverprobung and #lieferscheine): purchase orders
 * (Bestellung) and goods receipts (Warenübernahme, the supplier's delivery note), per vkforg.
 * docs/spec.md §7 calls the two kinds the document search's `variante`.
 */
export const DOCUMENT_VARIANTS = ['BESTELLUNG', 'WARENUEBERNAHME'] as const;
export const documentVariantSchema = z.enum(DOCUMENT_VARIANTS, { error: 'Ungültige Belegart' });
export type DocumentVariant = z.infer<typeof documentVariantSchema>;

/** Status of a goods receipt: open, being checked, booked (issue text: offen / in Prüfung / gebucht). */
export const GOODS_RECEIPT_STATUSES = ['offen', 'in Prüfung', 'gebucht'] as const;
export const goodsReceiptStatusSchema = z.enum(GOODS_RECEIPT_STATUSES, { error: 'Ungültiger Status' });
export type GoodsReceiptStatus = z.infer<typeof goodsReceiptStatusSchema>;

export const RECEIVING_MSG = {
  orderNotFound: 'Die Bestellung wurde nicht gefunden',
  receiptNotFound: 'Die Warenübernahme wurde nicht gefunden',
} as const;

/** Most matches one document search answers (newest first). */
export const DOCUMENT_SEARCH_LIMIT = 50;

/** Scan codes arrive as path parameters: a Code 128 or a QR code carrying the document number. */
export const documentScanParamsSchema = z.strictObject({
  code: text(200).min(1, { error: MSG.required }),
});

/** docs/spec.md §7 document search: query nummer and variante; bezugsnummer for the reference number entry. */
// Without a number the search lists the vkforg's documents of that kind, newest first (the belege screen).
export const documentSearchQuerySchema = z.strictObject({
  variante: documentVariantSchema,
  nummer: text(40).optional(),
  bezugsnummer: text(40).optional(),
});
export type DocumentSearchQuery = z.infer<typeof documentSearchQuerySchema>;

export const documentParamsSchema = z.strictObject({
  id: idTextSchema,
});

/** One line of a document: the article and the quantity the document expects (ordered or delivered). */
export const documentLineSchema = z.object({
  lineNo: z.number(),
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  unit: z.string(),
  /** Base units per unit. */
  factor: z.number(),
  /** Ordered quantity (Bestellung) or delivered quantity (Warenübernahme), in `unit`. */
  quantity: z.number(),
});

/** A document as the search lists it. */
export const documentSummarySchema = z.object({
  id: z.number(),
  variante: documentVariantSchema,
  number: z.string(),
  referenceNumber: z.string().nullable(),
  supplierId: z.number(),
  supplierNumber: z.string(),
  supplierName: z.string(),
  /** Expected delivery date (Bestellung) or delivery date (Warenübernahme). */
  date: z.string(),
  /** Goods receipts only; an order is 'offen' while it waits for its delivery. */
  status: goodsReceiptStatusSchema,
  barcode: z.string().nullable(),
  lineCount: z.number(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** The loaded header (loadKopf, docs/spec.md §7) with its lines. */
export const documentDetailSchema = documentSummarySchema.extend({ lines: z.array(documentLineSchema) });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/** docs/spec.md §8: loading the document's header (loadKopf) failed. */
export const HEADER_LOAD_FAILED = 'Fehler beim Laden des Belegkopfs! Bitte Exzess prüfen!';

/** Days around today whose documents a device keeps for offline work (arrivals expected in the coming days). */
export const OFFLINE_DOCUMENT_DAYS = { before: 3, after: 7 } as const;
/** The documents a device keeps: open orders and goods receipts due around today, with their lines. */
export const documentSnapshotSchema = z.object({
  orders: z.array(documentDetailSchema),
  receipts: z.array(documentDetailSchema),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;
