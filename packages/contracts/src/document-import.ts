import { isoDateSchema } from './common';
import { type DocumentImportKind, IMPORT_FIELD, INTEGRATION_MSG, importResultSchema } from './integration';
import { BOUND_MSG } from './messages';
import { QUANTITY_MAX, quantityInputSchema } from './quantities';
import { z } from './zod';

// Documents from the ERP (PUT /api/integration/v1/purchase-orders and …/delivery-notes, scope import:documents):
// one row is one document with its lines. Purchase orders are what Warenverprobung checks a delivery against;
// delivery notes are the goods receipts the stores count and book (docs/import/README.md).

const { text, requiredText, firma } = IMPORT_FIELD;

/** Most lines of one imported document: a JSON row's `lines`, a CSV document's lines. */
export const DOCUMENT_IMPORT_MAX_LINES = 2000;

export const DOCUMENT_IMPORT_MSG = {
  articleOrCode: 'Entweder die Artikelnummer (article) oder einen Code (code) angeben, nicht beides',
  noLines: 'Der Beleg braucht mindestens eine Position',
  tooManyLines: `${BOUND_MSG.atMost(DOCUMENT_IMPORT_MAX_LINES)} Positionen je Beleg`,
  deliveryBeforeOrder: 'Der Liefertermin liegt vor dem Bestelldatum',
  articleNotListed: 'Der Artikel ist in dieser Verkaufsorganisation nicht gelistet',
  unitOfCode: 'Die Einheit passt nicht zum Code: der Code steht für eine andere Einheit',
  baseQuantityTooLarge: 'Die Menge ist in der Basiseinheit zu groß',
  noteInProgress: 'Der Lieferschein wird in der App bereits geprüft und wird nicht mehr geändert',
  noteBooked: 'Der Lieferschein ist bereits gebucht und wird nicht mehr geändert',
  orderInProgress: 'Die Bestellung wird in der App bereits geprüft (Warenverprobung) und wird nicht mehr geändert',
  createdMeanwhile: 'Der Beleg wurde gerade von anderer Stelle angelegt; bitte erneut senden',
  /** CSV: the lines of one document (same key columns) name different values in a document-level column. */
  linesDisagree: (lines: string, column: string) =>
    `Die Zeilen ${lines} gehören zum selben Beleg, nennen aber Verschiedenes in „${column}“`,
} as const;

// Quantities as the app's routes take them (quantities.ts: more than 0, at most three decimals, refused and never
// rounded), up to the largest a device may count or a note list.
const lineQuantity = quantityInputSchema({
  positive: true,
  messages: { tooLarge: BOUND_MSG.atMost(QUANTITY_MAX) },
});
// No transform in these rows: zod leaves a transforming schema's examples out of the OpenAPI document's request.
// An empty optional text is read as none by the importer.
const optionalText = (max: number) => text(max).nullable().default(null);
const lines = <S extends z.ZodType>(line: S) =>
  z
    .array(line)
    .min(1, { error: DOCUMENT_IMPORT_MSG.noLines })
    .max(DOCUMENT_IMPORT_MAX_LINES, { error: DOCUMENT_IMPORT_MSG.tooManyLines });

/**
 * A delivery note line: the article by its number (with the unit the quantity is in) or by a code (EAN/GTIN; a
 * case code counts in cases, so its unit is the code's), and the quantity the note says was delivered.
 */
export const importDeliveryNoteLineSchema = z
  .strictObject({
    article: requiredText(40).nullable().default(null),
    code: requiredText(100).nullable().default(null),
    unit: requiredText(10).nullable().default(null),
    quantity: lineQuantity,
  })
  .superRefine((line, ctx) => {
    if ((line.article === null) === (line.code === null)) {
      ctx.addIssue({ code: 'custom', path: ['article'], message: DOCUMENT_IMPORT_MSG.articleOrCode });
    } else if (line.article !== null && line.unit === null) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Pflichtfeld' });
    }
  });

export const DELIVERY_NOTE_EXAMPLE = {
  firma: 1,
  vkforg: '1100',
  supplier: 'L-900001',
  number: 'LS-900001',
  date: '2026-12-05',
  orderNumber: '4500900001',
  barcode: 'LS-900001',
  lines: [
    { code: '14290000000015', quantity: 4 },
    { article: 'IMP-102', unit: 'FL', quantity: 24 },
  ],
};

/**
 * A delivery note (Lieferschein) of a store, by firma + store + supplier + note number (a note number is the
 * supplier's, as the app's own delivery-note route has it). orderNumber is the order it delivers (Bezugsnummer).
 */
export const importDeliveryNoteRowSchema = z
  .strictObject({
    firma,
    vkforg: requiredText(20),
    supplier: requiredText(20),
    number: requiredText(50),
    date: isoDateSchema,
    orderNumber: optionalText(50),
    barcode: optionalText(100),
    lines: lines(importDeliveryNoteLineSchema),
  })
  .meta({ examples: [DELIVERY_NOTE_EXAMPLE] });

/** A purchase order line: the article by its number, the order unit and the ordered quantity in it. */
export const importPurchaseOrderLineSchema = z.strictObject({
  article: requiredText(40),
  unit: requiredText(10),
  quantity: lineQuantity,
});

export const PURCHASE_ORDER_EXAMPLE = {
  firma: 1,
  vkforg: '1100',
  number: '4500900001',
  supplier: 'L-900001',
  orderDate: '2026-12-01',
  deliveryDate: '2026-12-05',
  referenceNumber: 'AB-0001-100200',
  barcode: 'BESTELLUNG:4500900001',
  lines: [
    { article: 'IMP-100', unit: 'KI', quantity: 4 },
    { article: 'IMP-102', unit: 'FL', quantity: 24 },
  ],
};

/**
 * A purchase order (Bestellung) of a store, by firma + store + order number: what Warenverprobung checks a
 * delivery against. referenceNumber is the supplier's order confirmation (Bezugsnummer), barcode the text of the
 * Code 128 or QR code printed on the order.
 */
export const importPurchaseOrderRowSchema = z
  .strictObject({
    firma,
    vkforg: requiredText(20),
    number: requiredText(50),
    supplier: requiredText(20),
    orderDate: isoDateSchema,
    deliveryDate: isoDateSchema,
    referenceNumber: optionalText(50),
    barcode: optionalText(100),
    lines: lines(importPurchaseOrderLineSchema),
  })
  .superRefine((row, ctx) => {
    if (row.deliveryDate < row.orderDate) {
      ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: DOCUMENT_IMPORT_MSG.deliveryBeforeOrder });
    }
  })
  .meta({ examples: [PURCHASE_ORDER_EXAMPLE] });

/** The answer of a document kind's import as the OpenAPI document shows it (its rows: IMPORT_ROWS). */
export const IMPORT_KIND_DOCS: Record<DocumentImportKind, { result: z.ZodType }> = {
  'purchase-orders': {
    result: importResultSchema.meta({
      examples: [
        {
          inserted: 1,
          updated: 0,
          unchanged: 1,
          rejected: 1,
          rejections: [{ index: 2, field: 'lines.0.unit', message: INTEGRATION_MSG.unitUnknown }],
        },
      ],
    }),
  },
  'delivery-notes': {
    result: importResultSchema.meta({
      examples: [
        {
          inserted: 1,
          updated: 0,
          unchanged: 0,
          rejected: 1,
          rejections: [{ index: 1, field: '_', message: DOCUMENT_IMPORT_MSG.noteInProgress }],
        },
      ],
    }),
  },
};
