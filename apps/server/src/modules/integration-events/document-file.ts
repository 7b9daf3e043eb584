import {
  type CaptureDocumentPayload,
  type DeliveryNotePayload,
  type DocumentFormat,
  GIFT_CARD_TIME_ZONE,
  type IntegrationDocument,
  MODULES,
} from '@mde/contracts';
import { csvText, GERMAN_NUMBERS } from '../../lib/csv-writer';

// A document as a file (docs/integration.md#belege-herunterladen): the JSON of GET /documents/{id}, or a CSV for
// German Excel with one row per line and the document's header on each row, both from the same envelope.

/** The store's local time: the day and time people and the ERP's users read. */
const TIME_ZONE = GIFT_CARD_TIME_ZONE;
const localDateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
/** '2026-11-28 17:05:12' in Europe/Berlin: German Excel reads it as a date and time. */
const local = (iso: string | null | undefined) => (iso ? localDateTime.format(new Date(iso)) : '');
const localDay = (iso: string) => local(iso).slice(0, 10);
const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '' : value ? 'ja' : 'nein';

const isDeliveryNote = (d: IntegrationDocument): d is IntegrationDocument & { document: DeliveryNotePayload } =>
  d.type === 'delivery-note.booked';

/** What the document is called in German: the module's title, or 'Lieferschein'. */
function kindTitle(d: IntegrationDocument): string {
  if (isDeliveryNote(d)) return 'Lieferschein';
  const module = (d.document as CaptureDocumentPayload).module;
  return MODULES.find((m) => m.name === module)?.title ?? module;
}

/** The columns every row starts with: where the document belongs, in the ERP's keys. */
const HEAD = ['Firma', 'Verkaufsorganisation', 'Lager', 'Lieferant', 'Belegart', 'Belegnummer'];

const CAPTURE_COLUMNS = [
  ...HEAD,
  'Belegdatum',
  'Liefertermin',
  'Exportiert am',
  'Erfasst von',
  'EDI',
  'Position',
  'Artikelnummer',
  'Bezeichnung',
  'Menge',
  'Einheit',
  'Faktor',
  'EAN/GTIN',
  'Lagerort',
  'Grund',
  'Charge',
  'MHD',
  'Erfassungszeitpunkt',
];

const DELIVERY_NOTE_COLUMNS = [
  ...HEAD,
  'Lieferdatum',
  'Bezugsnummer',
  'Gebucht am',
  'Gebucht von',
  'Position',
  'Artikelnummer',
  'Bezeichnung',
  'Soll',
  'Gezählt',
  'Differenz',
  'Einheit',
  'Faktor',
  'EAN/GTIN',
  'Nicht auf dem Lieferschein',
];

function captureRows(d: IntegrationDocument, doc: CaptureDocumentPayload): unknown[][] {
  const head = [doc.erp.firma, doc.erp.vkforg, doc.erp.warehouse, doc.erp.supplier, kindTitle(d), doc.number];
  return doc.lines.map((line, index) => [
    ...head,
    doc.belegdatum,
    doc.datum,
    local(doc.createdAt),
    doc.createdBy,
    yesNo(doc.edi),
    index + 1,
    line.articleNumber,
    line.designation,
    line.quantity,
    line.unit,
    line.factor,
    line.code,
    line.storageLocation,
    line.reason,
    line.batch,
    line.bestBefore,
    local(line.capturedAt),
  ]);
}

function deliveryNoteRows(d: IntegrationDocument, doc: DeliveryNotePayload): unknown[][] {
  const head = [doc.erp.firma, doc.erp.vkforg, doc.erp.warehouse, doc.erp.supplier, kindTitle(d), doc.number];
  return doc.lines.map((line, index) => [
    ...head,
    doc.date,
    doc.referenceNumber,
    local(doc.bookedAt),
    doc.bookedBy,
    index + 1,
    line.articleNumber,
    line.designation,
    line.expected,
    line.counted,
    line.difference,
    line.unit,
    line.factor,
    line.code,
    yesNo(line.unexpected),
  ]);
}

/**
 * The document as CSV for German Excel: UTF-8 with a BOM, `;` between cells, decimal commas, a header row, and
 * every cell that Excel would run as a formula written as text (the project's CSV writer).
 */
function documentCsv(d: IntegrationDocument): string {
  const [columns, rows] = isDeliveryNote(d)
    ? [DELIVERY_NOTE_COLUMNS, deliveryNoteRows(d, d.document)]
    : [CAPTURE_COLUMNS, captureRows(d, d.document as CaptureDocumentPayload)];
  return csvText([columns, ...rows], { ...GERMAN_NUMBERS, bom: true });
}

/** Letters, digits, '.', '-': a supplier's note number may hold anything, a file name may not. */
const safePart = (value: string) => value.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || '-';

/**
 * A file name a person recognises on a phone's download list: what, which store, which day, which number,
 * as `Inventur_2100_2026-11-28_IN-2026-000017.csv`. The day is the document's own date (Belegdatum, the
 * delivery note's date), else the day it was exported.
 */
function documentFileName(d: IntegrationDocument, format: DocumentFormat): string {
  const doc = d.document;
  const ownDay = isDeliveryNote(d) ? d.document.date : (doc as CaptureDocumentPayload).belegdatum;
  const day = ownDay ?? localDay(d.time);
  const store = d.erp.vkforg ?? String(d.vkforg);
  return `${[kindTitle(d), store, day, doc.number].map(safePart).join('_')}.${format}`;
}

/**
 * The document as a file to download: its body, content type and `attachment` disposition, so the browser (also a
 * phone's) saves it under its name instead of showing it.
 */
export function documentDownload(d: IntegrationDocument, format: DocumentFormat) {
  const fileName = documentFileName(d, format);
  const disposition = `attachment; filename="${fileName}"`;
  return format === 'csv'
    ? { body: documentCsv(d), contentType: 'text/csv; charset=utf-8', disposition }
    : { body: `${JSON.stringify(d, null, 2)}\n`, contentType: 'application/json; charset=utf-8', disposition };
}
