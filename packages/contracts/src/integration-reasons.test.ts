import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_MSG,
  importArticleRowSchema,
  importStockRowSchema,
  importStorageLocationRowSchema,
  importStoreRowSchema,
} from './integration';
import { importIssueReason } from './integration-reasons';
import { MSG, VALUE_MSG } from './messages';
import { SAFE_INPUT_MSG } from './safe-input';
import type { z } from './zod';

const article = {
  firma: 1,
  number: '100234',
  designation1: 'Vollmilch 3,5 %',
  department: '10',
  baseUnit: 'ST',
  units: [{ unit: 'ST', factor: 1 }],
};
const price = (fields: Record<string, unknown>) => ({
  ...article,
  prices: [{ vkforg: '1100', unit: 'ST', priceCents: 119, validFrom: '2025-06-01', ...fields }],
});
const store = { firma: 1, vkforg: '1100', name: 'Filiale Altona' };
const stock = { firma: 1, article: '100234', vkforg: '1100', warehouse: '1', quantity: 12 };
const location = { firma: 1, vkforg: '1100', warehouse: '1', code: 'A-01', name: 'Regal A' };

/** The first issue's field and German reason, as an import answers a refused row. */
function reasonOf(schema: z.ZodType, value: unknown): [string, string] | 'ok' {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return 'ok';
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  return [issue.path.join('.'), importIssueReason(issue)];
}

describe('the German reasons of refused integration rows', () => {
  // What zod itself says in its German locale, which must never reach an ERP: it speaks of JavaScript types.
  const ZOD_WORDING = /erwartet, dass|Ungültige Eingabe|Ungültige Option|Zu (klein|groß)|\b(number|string|int|array)\b/;

  const table: [string, z.ZodType, unknown, string, string][] = [
    [
      'too small: a negative price',
      importArticleRowSchema,
      price({ priceCents: -1 }),
      'prices.0.priceCents',
      VALUE_MSG.notNegative,
    ],
    [
      'too small: a negative weight',
      importArticleRowSchema,
      { ...article, units: [{ unit: 'ST', factor: 1, weightGrams: -5 }] },
      'units.0.weightGrams',
      VALUE_MSG.notNegative,
    ],
    ['too small: firma 0', importStoreRowSchema, { ...store, firma: 0 }, 'firma', 'Größer als 0'],
    ['too small: no unit', importArticleRowSchema, { ...article, units: [] }, 'units', 'Mindestens 1 Eintrag'],
    ['too small: an empty required text', importStoreRowSchema, { ...store, name: '  ' }, 'name', MSG.required],
    [
      'too small: a negative order quantity',
      importStockRowSchema,
      { ...stock, orderQuantity: -1 },
      'orderQuantity',
      'Die Menge darf nicht negativ sein',
    ],
    [
      'too big: a price',
      importArticleRowSchema,
      price({ priceCents: 3_000_000_000 }),
      'prices.0.priceCents',
      'Höchstens 2.000.000.000',
    ],
    [
      'too big: a stock quantity',
      importStockRowSchema,
      { ...stock, quantity: 1e9 },
      'quantity',
      'Höchstens 999.999.999',
    ],
    ['too big: a firma', importStoreRowSchema, { ...store, firma: 2 ** 31 }, 'firma', 'Höchstens 2.147.483.647'],
    ['too long: a name', importStoreRowSchema, { ...store, name: 'x'.repeat(81) }, 'name', 'Höchstens 80 Zeichen'],
    [
      'too long: a code',
      importArticleRowSchema,
      { ...article, codes: [{ code: '1'.repeat(15), unit: 'ST' }] },
      'codes.0.code',
      'Höchstens 14 Zeichen',
    ],
    [
      'too many: units',
      importArticleRowSchema,
      { ...article, units: Array(21).fill({ unit: 'ST', factor: 1 }) },
      'units',
      'Höchstens 20 Einträge',
    ],
    [
      'wrong type: a price as text',
      importArticleRowSchema,
      price({ priceCents: '119' }),
      'prices.0.priceCents',
      'Ungültiger Wert: erwartet wird eine Zahl',
    ],
    [
      'wrong type: a quantity as text',
      importStockRowSchema,
      { ...stock, quantity: '12' },
      'quantity',
      'Ungültiger Wert: erwartet wird eine Zahl',
    ],
    [
      'wrong type: a name as number',
      importStoreRowSchema,
      { ...store, name: 5 },
      'name',
      'Ungültiger Wert: erwartet wird ein Text',
    ],
    [
      'wrong type: a flag as text',
      importArticleRowSchema,
      { ...article, suppliers: [{ supplier: '70001', supplierArticleNumber: 'S-1', orderUnit: 'ST', isMain: 'ja' }] },
      'suppliers.0.isMain',
      'Ungültiger Wert: erwartet wird true oder false',
    ],
    [
      'wrong type: units as text',
      importArticleRowSchema,
      { ...article, units: 'ST' },
      'units',
      'Ungültiger Wert: erwartet wird eine Liste (JSON-Array)',
    ],
    ['wrong type: a row that is no object', importStoreRowSchema, 5, '', 'Ungültiger Wert: erwartet wird ein Objekt'],
    [
      'wrong type: decimals in cents',
      importArticleRowSchema,
      price({ priceCents: 1.5 }),
      'prices.0.priceCents',
      INTEGRATION_MSG.wholeNumber,
    ],
    [
      'wrong type: a number beyond any bound',
      importArticleRowSchema,
      price({ priceCents: Number.POSITIVE_INFINITY }),
      'prices.0.priceCents',
      MSG.invalidValue,
    ],
    ['missing: a required field', importStoreRowSchema, { firma: 1, vkforg: '1100' }, 'name', MSG.required],
    ['missing: null for a required field', importStoreRowSchema, { ...store, firma: null }, 'firma', MSG.required],
    [
      'invalid enum: a location type',
      importStorageLocationRowSchema,
      { ...location, locationType: 'floor' },
      'locationType',
      'Ungültiger Wert (erlaubt: shelf, pallet, cold)',
    ],
    [
      'invalid enum: a number for a location type',
      importStorageLocationRowSchema,
      { ...location, locationType: 3 },
      'locationType',
      'Ungültiger Wert (erlaubt: shelf, pallet, cold)',
    ],
    [
      'bad date: month 13',
      importArticleRowSchema,
      price({ validFrom: '2025-13-01' }),
      'prices.0.validFrom',
      VALUE_MSG.date,
    ],
    [
      'bad date: German order',
      importStockRowSchema,
      { ...stock, nextDelivery: '03.06.2025' },
      'nextDelivery',
      VALUE_MSG.date,
    ],
    [
      'bad date: a number',
      importArticleRowSchema,
      price({ validFrom: 20250601 }),
      'prices.0.validFrom',
      'Ungültiger Wert: erwartet wird ein Text',
    ],
    [
      'bad date: year 0',
      importStockRowSchema,
      { ...stock, nextDelivery: '0000-01-01' },
      'nextDelivery',
      SAFE_INPUT_MSG.yearOutOfRange,
    ],
    ['own rule: a scale PLU', importArticleRowSchema, { ...article, scalePlu: '12' }, 'scalePlu', 'Fünf Ziffern'],
    ['unknown field', importStoreRowSchema, { ...store, colour: 'rot' }, '', MSG.unknownField],
  ];

  it.each(table)('%s', (_case, schema, value, field, reason) => {
    expect(reasonOf(schema, value)).toEqual([field, reason]);
    expect(reason).not.toMatch(ZOD_WORDING);
  });
});
