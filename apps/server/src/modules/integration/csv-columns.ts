import type { ImportKind } from '@mde/contracts';

// The CSV columns of each import kind, as documented in docs/import/: the header a German Excel file
// carries and the field of the API row it fills. Lists inside a cell (units, codes, prices …) are separated
// by '|', their parts by ':'.

type Cell = string;
type RowObject = Record<string, unknown>;

/** A German number as Excel writes it ("1.234,5", "1,5", "12"); anything else stays text for the row check. */
export function germanNumber(cell: Cell): number | string {
  const text = cell.trim();
  const normal = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : text;
}

/** A German date ("31.12.2026") or an ISO one as ISO; anything else stays text for the row check. */
export function germanDate(cell: Cell): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(cell.trim());
  return m ? `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}` : cell.trim();
}

const optionalNumber = (cell: Cell | undefined) =>
  cell === undefined || cell.trim() === '' ? undefined : germanNumber(cell);
const list = (cell: Cell | undefined) =>
  (cell ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(':').map((p) => p.trim()));
const withoutUndefined = (row: RowObject) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== ''));

export interface KindColumns {
  /** Header names in file order; every one must be present. */
  headers: string[];
  /** The API row of one CSV record (by header). */
  toRow(cells: Record<string, Cell>): RowObject;
  /** The column a rejected row's field came from (for the report). */
  columnOf: Record<string, string>;
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
        codes: list(c.Codes).map(([code, unit]) => ({ code, unit })),
        // VKFORG:Einheit:Preis in Euro:gültig ab[:Staffel:ab Menge:pro]
        prices: list(c.Preise).map(([vkforg, unit, euro, validFrom, scale, minQuantity, per]) => {
          const price = germanNumber(euro ?? '');
          return withoutUndefined({
            vkforg,
            unit,
            priceCents: typeof price === 'number' ? Math.round(price * 100) : price,
            validFrom: germanDate(validFrom ?? ''),
            scale: optionalNumber(scale),
            minQuantity: optionalNumber(minQuantity),
            per: optionalNumber(per),
          });
        }),
        // Lieferant:Lieferanten-Artikelnummer:Bestelleinheit:Bestellfaktor:Mindestmenge[:H für Hauptlieferant]
        suppliers: list(c.Lieferanten).map(([supplier, supplierArticleNumber, orderUnit, orderFactor, minQ, main]) =>
          withoutUndefined({
            supplier,
            supplierArticleNumber,
            orderUnit,
            orderFactor: optionalNumber(orderFactor),
            minOrderQuantity: optionalNumber(minQ),
            isMain: main === 'H',
          }),
        ),
        // VKFORG:gelistet seit[:Sollbestand:Mindestbestand]
        listings: list(c.Listungen).map(([vkforg, listedSince, targetStock, minStock]) =>
          withoutUndefined({
            vkforg,
            listedSince: germanDate(listedSince ?? ''),
            targetStock: optionalNumber(targetStock),
            minStock: optionalNumber(minStock),
          }),
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
