import type { ImportKind } from '@mde/contracts';

// The CSV columns of each import kind, as documented in docs/import/: the header a German Excel file
// carries and the field of the API row it fills. Lists inside a cell (units, codes, prices …) are separated
// by '|', their parts by ':'.

type Cell = string;
type RowObject = Record<string, unknown>;

/**
 * A cell the importer will not read without guessing: a number with a point that is no thousands grouping
 * ("1.5"), or one with more decimals than its field keeps (a price in cents). Its row is refused with `message`.
 */
export class RefusedCell {
  constructor(
    readonly cell: string,
    readonly message: string,
  ) {}
}

// In a German file the point groups thousands (1.200) and the comma is the decimal sign (1,5; 1.234,56).
const GERMAN_NUMBER = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/;
// Digits with points and commas in no German order: read either way, it would be a different number.
const NUMBER_LIKE = /^-?[\d.,]*\d[\d.,]*$/;

const ambiguous = (text: string) =>
  new RefusedCell(
    text,
    `„${text}“ ist keine eindeutige Zahl: Der Punkt trennt Tausender, das Komma Dezimalstellen (z. B. 1.200 oder 1,5)`,
  );

/** The parts of a German number: sign, whole digits without grouping points, decimal digits. */
function germanParts(text: string): { sign: '' | '-'; whole: string; decimals: string } | null {
  const m = GERMAN_NUMBER.exec(text);
  if (!m) return null;
  return { sign: m[1] === '-' ? '-' : '', whole: (m[2] ?? '').replace(/\./g, ''), decimals: m[3] ?? '' };
}

/**
 * A German number as Excel writes it ("1.234,5", "1,5", "1.200", "12"), exactly: the field's own rule then
 * refuses more decimals than it keeps (quantities: three), nothing is rounded here. Digits in another order
 * are refused; anything else stays text for the row check.
 */
export function germanNumber(cell: Cell): number | string | RefusedCell {
  const text = cell.trim();
  const parts = germanParts(text);
  if (parts) return Number(`${parts.sign}${parts.whole}${parts.decimals ? `.${parts.decimals}` : ''}`);
  return NUMBER_LIKE.test(text) ? ambiguous(text) : text;
}

/**
 * An amount in euros ("1,49", "1.299,00", "-12,50") as whole cents; more than two decimals would be rounded, so
 * refused, naming what is kept in cents (`what`: "Preise", "Umsätze").
 */
export function germanEuroCents(cell: Cell, what = 'Preise'): number | string | RefusedCell {
  const text = cell.trim();
  const parts = germanParts(text);
  if (!parts) return NUMBER_LIKE.test(text) ? ambiguous(text) : text;
  if (parts.decimals.length > 2) {
    return new RefusedCell(text, `„${text}“ hat mehr als zwei Nachkommastellen: ${what} werden in Cent gespeichert`);
  }
  return Number(`${parts.sign}${parts.whole}${parts.decimals.padEnd(2, '0')}`);
}

/** The first refused cell of a row made by `toRow`, with the path of its field ("prices.0.priceCents"). */
export function refusedCellOf(value: unknown, path = ''): { field: string; message: string } | null {
  if (value instanceof RefusedCell) return { field: path || '_', message: value.message };
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = refusedCellOf(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

/** A German date ("31.12.2026") or an ISO one as ISO; anything else stays text for the row check. */
export function germanDate(cell: Cell): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(cell.trim());
  return m ? `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}` : cell.trim();
}

/**
 * A calendar month as Excel users write it ("03.2026", "3.2026", "2026-03") or as the first day of the month
 * ("01.03.2026", "2026-03-01") as 'YYYY-MM'; anything else (another day) stays text for the row check.
 */
export function germanMonth(cell: Cell): string {
  const text = cell.trim();
  const german = /^(?:0?1\.)?(\d{1,2})\.(\d{4})$/.exec(text);
  if (german) return `${german[2]}-${german[1]?.padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})(?:-01)?$/.exec(text);
  return iso ? `${iso[1]}-${iso[2]}` : text;
}

const optionalNumber = (cell: Cell | undefined) =>
  cell === undefined || cell.trim() === '' ? undefined : germanNumber(cell);
const list = (cell: Cell | undefined) =>
  (cell ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(':').map((p) => p.trim()));
/** A list cell's entries, or nothing when the file has no such column (the stored list then stays). */
const absentOr = <T>(cell: Cell | undefined, read: (cell: Cell) => T): T | undefined =>
  cell === undefined ? undefined : read(cell);

const withoutUndefined = (row: RowObject) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== ''));

export interface KindColumns {
  /** Header names in file order; every one must be present but the optional ones. */
  headers: string[];
  /**
   * Columns a file may leave out, with the row field each fills: a stored record keeps that field as it is, a new
   * one gets the field's default (an article file without prices leaves the prices alone).
   */
  optional?: Record<string, string>;
  /** The API row of one CSV record (by header); of a document kind, the document-level fields of a record. */
  toRow(cells: Record<string, Cell>): RowObject;
  /** The column a rejected row's field came from (for the report). */
  columnOf: Record<string, string>;
  /**
   * A document kind: one CSV record per document line, the document-level columns repeated on each; records with
   * the same `key` fields make one document, whose API row carries them as `lines`.
   */
  lines?: {
    key: string[];
    toLine(cells: Record<string, Cell>): RowObject;
    columnOf: Record<string, string>;
  };
}

const firma = (cells: Record<string, Cell>) => germanNumber(cells.Firma ?? '');

export const CSV_COLUMNS: Record<ImportKind, KindColumns> = {
  stores: {
    headers: ['Firma', 'VKFORG', 'Name'],
    toRow: (c) => ({ firma: firma(c), vkforg: c.VKFORG, name: c.Name }),
    columnOf: { firma: 'Firma', vkforg: 'VKFORG', name: 'Name' },
  },
  warehouses: {
    headers: ['Firma', 'VKFORG', 'Lager', 'Name'],
    toRow: (c) => ({ firma: firma(c), vkforg: c.VKFORG, number: c.Lager, name: c.Name }),
    columnOf: { firma: 'Firma', vkforg: 'VKFORG', number: 'Lager', name: 'Name' },
  },
  'storage-locations': {
    headers: ['Firma', 'VKFORG', 'Lager', 'Lagerplatz', 'Name', 'Zone', 'Art', 'Barcode'],
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        vkforg: c.VKFORG,
        warehouse: c.Lager,
        code: c.Lagerplatz,
        name: c.Name,
        zone: c.Zone,
        locationType: c.Art,
        barcode: c.Barcode,
      }),
    columnOf: {
      firma: 'Firma',
      vkforg: 'VKFORG',
      warehouse: 'Lager',
      code: 'Lagerplatz',
      name: 'Name',
      zone: 'Zone',
      locationType: 'Art',
      barcode: 'Barcode',
    },
  },
  suppliers: {
    headers: ['Firma', 'Lieferant', 'Name'],
    toRow: (c) => ({ firma: firma(c), number: c.Lieferant, name: c.Name }),
    columnOf: { firma: 'Firma', number: 'Lieferant', name: 'Name' },
  },
  stock: {
    headers: [
      'Firma',
      'Artikelnummer',
      'VKFORG',
      'Lager',
      'Bestand',
      'Dispobestand',
      'Bestellmenge',
      'Nächste Lieferung',
    ],
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        article: c.Artikelnummer,
        vkforg: c.VKFORG,
        warehouse: c.Lager,
        quantity: germanNumber(c.Bestand ?? ''),
        dispoQuantity: optionalNumber(c.Dispobestand),
        orderQuantity: optionalNumber(c.Bestellmenge),
        nextDelivery: c['Nächste Lieferung']?.trim() ? germanDate(c['Nächste Lieferung']) : undefined,
      }),
    columnOf: {
      firma: 'Firma',
      article: 'Artikelnummer',
      vkforg: 'VKFORG',
      warehouse: 'Lager',
      quantity: 'Bestand',
      dispoQuantity: 'Dispobestand',
      orderQuantity: 'Bestellmenge',
      nextDelivery: 'Nächste Lieferung',
    },
  },
  turnover: {
    headers: ['Firma', 'Artikelnummer', 'VKFORG', 'Monat', 'Menge', 'Umsatz'],
    toRow: (c) => ({
      firma: firma(c),
      article: c.Artikelnummer,
      vkforg: c.VKFORG,
      month: germanMonth(c.Monat ?? ''),
      quantity: germanNumber(c.Menge ?? ''),
      amountCents: germanEuroCents(c.Umsatz ?? '', 'Umsätze'),
    }),
    columnOf: {
      firma: 'Firma',
      article: 'Artikelnummer',
      vkforg: 'VKFORG',
      month: 'Monat',
      quantity: 'Menge',
      amountCents: 'Umsatz',
    },
  },
  'open-orders': {
    headers: [
      'Firma',
      'VKFORG',
      'Bestellnummer',
      'Artikelnummer',
      'Menge',
      'Einheit',
      'Lieferant',
      'Bestelldatum',
      'Liefertermin',
    ],
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        vkforg: c.VKFORG,
        orderNumber: c.Bestellnummer,
        article: c.Artikelnummer,
        quantity: germanNumber(c.Menge ?? ''),
        unit: c.Einheit,
        supplier: c.Lieferant,
        orderDate: c.Bestelldatum?.trim() ? germanDate(c.Bestelldatum) : undefined,
        deliveryDate: c.Liefertermin?.trim() ? germanDate(c.Liefertermin) : undefined,
      }),
    columnOf: {
      firma: 'Firma',
      vkforg: 'VKFORG',
      orderNumber: 'Bestellnummer',
      article: 'Artikelnummer',
      quantity: 'Menge',
      unit: 'Einheit',
      supplier: 'Lieferant',
      orderDate: 'Bestelldatum',
      deliveryDate: 'Liefertermin',
    },
  },
  'purchase-orders': {
    headers: [
      'Firma',
      'VKFORG',
      'Bestellung',
      'Lieferant',
      'Bestelldatum',
      'Liefertermin',
      'Bezugsnummer',
      'Barcode',
      'Artikelnummer',
      'Einheit',
      'Menge',
    ],
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        vkforg: c.VKFORG,
        number: c.Bestellung,
        supplier: c.Lieferant,
        orderDate: germanDate(c.Bestelldatum ?? ''),
        deliveryDate: germanDate(c.Liefertermin ?? ''),
        referenceNumber: c.Bezugsnummer,
        barcode: c.Barcode,
      }),
    columnOf: {
      firma: 'Firma',
      vkforg: 'VKFORG',
      number: 'Bestellung',
      supplier: 'Lieferant',
      orderDate: 'Bestelldatum',
      deliveryDate: 'Liefertermin',
      referenceNumber: 'Bezugsnummer',
      barcode: 'Barcode',
      lines: '',
    },
    lines: {
      key: ['firma', 'vkforg', 'number'],
      toLine: (c) =>
        withoutUndefined({
          article: c.Artikelnummer?.trim(),
          unit: c.Einheit?.trim(),
          quantity: germanNumber(c.Menge ?? ''),
        }),
      columnOf: { article: 'Artikelnummer', unit: 'Einheit', quantity: 'Menge' },
    },
  },
  'delivery-notes': {
    headers: [
      'Firma',
      'VKFORG',
      'Lieferant',
      'Lieferschein',
      'Datum',
      'Bestellung',
      'Barcode',
      'Artikelnummer',
      'Code',
      'Einheit',
      'Menge',
    ],
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        vkforg: c.VKFORG,
        supplier: c.Lieferant,
        number: c.Lieferschein,
        date: germanDate(c.Datum ?? ''),
        orderNumber: c.Bestellung,
        barcode: c.Barcode,
      }),
    columnOf: {
      firma: 'Firma',
      vkforg: 'VKFORG',
      supplier: 'Lieferant',
      number: 'Lieferschein',
      date: 'Datum',
      orderNumber: 'Bestellung',
      barcode: 'Barcode',
      lines: '',
    },
    lines: {
      key: ['firma', 'vkforg', 'supplier', 'number'],
      toLine: (c) =>
        withoutUndefined({
          // A blank cell is no value: a line names its article by number or by code.
          article: c.Artikelnummer?.trim(),
          code: c.Code?.trim(),
          unit: c.Einheit?.trim(),
          quantity: germanNumber(c.Menge ?? ''),
        }),
      columnOf: { article: 'Artikelnummer', code: 'Code', unit: 'Einheit', quantity: 'Menge' },
    },
  },
  articles: {
    headers: [
      'Firma',
      'Artikelnummer',
      'Bezeichnung 1',
      'Bezeichnung 2',
      'Abteilung',
      'Basiseinheit',
      'Waagen-PLU',
      'Einheiten',
      'Codes',
      'Preise',
      'Lieferanten',
      'Listungen',
    ],
    optional: {
      'Bezeichnung 2': 'designation2',
      'Waagen-PLU': 'scalePlu',
      Codes: 'codes',
      Preise: 'prices',
      Lieferanten: 'suppliers',
      Listungen: 'listings',
    },
    toRow: (c) =>
      withoutUndefined({
        firma: firma(c),
        number: c.Artikelnummer,
        designation1: c['Bezeichnung 1'],
        designation2: c['Bezeichnung 2'],
        department: c.Abteilung,
        baseUnit: c.Basiseinheit,
        scalePlu: c['Waagen-PLU']?.trim() || undefined,
        // Einheit:Faktor[:Gewicht in g]
        units: list(c.Einheiten).map(([unit, factor, weight]) =>
          withoutUndefined({ unit, factor: germanNumber(factor ?? ''), weightGrams: optionalNumber(weight) }),
        ),
        // Code:Einheit
        codes: absentOr(c.Codes, (cell) => list(cell).map(([code, unit]) => ({ code, unit }))),
        // VKFORG:Einheit:Preis in Euro:gültig ab[:Staffel:ab Menge:pro]
        prices: absentOr(c.Preise, (cell) =>
          list(cell).map(([vkforg, unit, euro, validFrom, scale, minQuantity, per]) =>
            withoutUndefined({
              vkforg,
              unit,
              priceCents: germanEuroCents(euro ?? ''),
              validFrom: germanDate(validFrom ?? ''),
              scale: optionalNumber(scale),
              minQuantity: optionalNumber(minQuantity),
              per: optionalNumber(per),
            }),
          ),
        ),
        // Lieferant:Lieferanten-Artikelnummer:Bestelleinheit:Bestellfaktor:Mindestmenge[:H für Hauptlieferant]
        suppliers: absentOr(c.Lieferanten, (cell) =>
          list(cell).map(([supplier, supplierArticleNumber, orderUnit, orderFactor, minQ, main]) =>
            withoutUndefined({
              supplier,
              supplierArticleNumber,
              orderUnit,
              orderFactor: optionalNumber(orderFactor),
              minOrderQuantity: optionalNumber(minQ),
              isMain: main === 'H',
            }),
          ),
        ),
        // VKFORG:gelistet seit[:Sollbestand:Mindestbestand]
        listings: absentOr(c.Listungen, (cell) =>
          list(cell).map(([vkforg, listedSince, targetStock, minStock]) =>
            withoutUndefined({
              vkforg,
              listedSince: germanDate(listedSince ?? ''),
              targetStock: optionalNumber(targetStock),
              minStock: optionalNumber(minStock),
            }),
          ),
        ),
      }),
    columnOf: {
      firma: 'Firma',
      number: 'Artikelnummer',
      designation1: 'Bezeichnung 1',
      designation2: 'Bezeichnung 2',
      department: 'Abteilung',
      baseUnit: 'Basiseinheit',
      scalePlu: 'Waagen-PLU',
      units: 'Einheiten',
      codes: 'Codes',
      prices: 'Preise',
      suppliers: 'Lieferanten',
      listings: 'Listungen',
    },
  },
};
