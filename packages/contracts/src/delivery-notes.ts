import { idSchema, text } from './common';
import { MSG } from './messages';
import { documentSummarySchema, goodsReceiptStatusSchema } from './receiving-documents';
import { z } from './zod';

/** Lieferscheine (MODULES.md Delivery-note processing): the vkforg's goods receipts, counted and booked. */
export const DELIVERY_NOTE_MSG = {
  notFound: 'Der Lieferschein wurde nicht gefunden',
  alreadyBooked: 'Der Lieferschein wurde bereits gebucht',
  unexpectedArticle: 'Der Artikel steht nicht auf dem Lieferschein',
  unknownWarehouse: 'Das Lager wurde nicht gefunden',
} as const;

export const deliveryNoteListQuerySchema = z.strictObject({
  status: goodsReceiptStatusSchema.optional(),
  supplierId: idSchema.optional(),
});
export type DeliveryNoteListQuery = z.infer<typeof deliveryNoteListQuerySchema>;

export const deliveryNoteParamsSchema = z.strictObject({ id: idSchema });
export const deliveryNoteArticleParamsSchema = z.strictObject({ id: idSchema, articleId: idSchema });

/** A change a device may send again (offline outbox): the same change id is applied once. */
const changeIdSchema = z.uuid({ error: 'Ungültige Änderungs-ID' });
const countQuantitySchema = z
  .number({ error: MSG.invalidValue })
  .finite({ error: MSG.invalidValue })
  .min(0, { error: 'Die Menge darf nicht negativ sein' })
  .max(999_999, { error: 'Die Menge ist zu groß' });

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
