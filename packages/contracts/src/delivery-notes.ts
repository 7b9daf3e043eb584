import { idSchema, idTextSchema, isoDateSchema, requiredText, text } from './common';
import { MSG } from './messages';
import { QUANTITY_MSG, quantityInputSchema } from './quantities';
import { documentSummarySchema, goodsReceiptStatusSchema } from './receiving-documents';
import { z } from './zod';

/** Lieferscheine (docs/modules.md#lieferscheine): the vkforg's goods receipts, counted and booked. */
export const DELIVERY_NOTE_MSG = {
  notFound: 'Der Lieferschein wurde nicht gefunden',
  alreadyBooked: 'Der Lieferschein wurde bereits gebucht',
  unexpectedArticle: 'Der Artikel steht nicht auf dem Lieferschein',
  unknownWarehouse: 'Das Lager wurde nicht gefunden',
  duplicate: 'Ein Lieferschein mit dieser Nummer liegt von diesem Lieferanten bereits vor',
  unknownSupplier: 'Der Lieferant wurde nicht gefunden',
  unknownVkforg: 'Diese Verkaufsorganisation steht Ihnen nicht zur Verfügung',
  importQuantityPositive: QUANTITY_MSG.positive,
  importQuantityDecimals: QUANTITY_MSG.decimals,
  importNoLines: 'Der Lieferschein braucht mindestens eine Position',
  importTooManyLines: 'Der Lieferschein darf höchstens 500 Positionen haben',
  lineError: (position: number, message: string) => `Position ${position}: ${message}`,
  arrivedTitle: 'Lieferschein eingetroffen',
  arrivedText: (supplier: string, number: string) => `${supplier}: Lieferschein ${number} ist eingetroffen.`,
} as const;

/** The query parameter that opens one note on the single screen (docs/spec.md §2: delivery-note-processing). */

/** Most lines of one imported delivery note. */
export const DELIVERY_NOTE_IMPORT_MAX_LINES = 500;

const importQuantitySchema = quantityInputSchema({ positive: true });

/**
 * A delivery note as an ERP or EDI link sends it when the goods are announced: supplier and note number,
 * date, the vkforg it goes to, and per line the article (number or EAN/GTIN, a case code counts in cases) with
 * the quantity the note says was delivered, in the unit of that code.
 */
export const deliveryNoteImportSchema = z.strictObject({
  supplierNumber: requiredText(50),
  number: requiredText(50),
  date: isoDateSchema,
  vkforgId: z
    .number({ error: MSG.invalidValue })
    .int({ error: MSG.invalidValue })
    .positive({ error: MSG.invalidValue })
    .max(2_147_483_647, { error: MSG.invalidValue }),
  /** Bezugsnummer: the order it delivers. */
  orderNumber: text(50).optional(),
  /** What the printed Code 128 or QR on the note carries. */
  barcode: text(100).optional(),
  lines: z
    .array(z.strictObject({ articleCode: requiredText(100), quantity: importQuantitySchema }), {
      error: MSG.invalidValue,
    })
    .min(1, { error: DELIVERY_NOTE_MSG.importNoLines })
    .max(DELIVERY_NOTE_IMPORT_MAX_LINES, { error: DELIVERY_NOTE_MSG.importTooManyLines }),
});
export type DeliveryNoteImport = z.infer<typeof deliveryNoteImportSchema>;

export const deliveryNoteListQuerySchema = z.strictObject({
  status: goodsReceiptStatusSchema.optional(),
  supplierId: idTextSchema.optional(),
});
export type DeliveryNoteListQuery = z.infer<typeof deliveryNoteListQuerySchema>;

export const deliveryNoteParamsSchema = z.strictObject({ id: idTextSchema });
export const deliveryNoteArticleParamsSchema = z.strictObject({ id: idTextSchema, articleId: idTextSchema });

/** A change a device may send again (offline outbox): the same change id is applied once. */
const changeIdSchema = z.uuid({ error: 'Ungültige Änderungs-ID' });
const countQuantitySchema = quantityInputSchema();

/** A scanned article code: counts the article up by what the code stands for (a piece, a case). */
export const deliveryNoteScanSchema = z.strictObject({
  changeId: changeIdSchema,
  code: text(200).min(1, { error: MSG.required }),
});
/** A corrected count of one article, in the unit of its line. */
export const deliveryNoteCorrectionSchema = z.strictObject({
  changeId: changeIdSchema,
  quantity: countQuantitySchema,
});
export const deliveryNoteBookingSchema = z.strictObject({
  changeId: changeIdSchema,
  /** Warehouse whose stock rises; default the vkforg's first. */
  warehouseId: idSchema.optional(),
});

export const deliveryNoteLineSchema = z.object({
  articleId: z.number(),
  articleNumber: z.string(),
  designation: z.string(),
  unit: z.string(),
  factor: z.number(),
  /** In `unit`; 0 for an article the delivery note does not list. */
  expected: z.number(),
  counted: z.number(),
  difference: z.number(),
  /** Counted but not on the delivery note (surplus), flagged for the user. */
  unexpected: z.boolean(),
});
export type DeliveryNoteLine = z.infer<typeof deliveryNoteLineSchema>;

export const deliveryNoteDetailSchema = documentSummarySchema.extend({
  lines: z.array(deliveryNoteLineSchema),
  bookedAt: z.string().nullable(),
  bookedBy: z.string().nullable(),
  warehouseId: z.number().nullable(),
});
export type DeliveryNoteDetail = z.infer<typeof deliveryNoteDetailSchema>;
