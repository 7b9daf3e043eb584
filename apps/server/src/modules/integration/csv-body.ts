import { type ImportKind, type ImportRejection, INTEGRATION_MSG } from '@mde/contracts';
import { AppError } from '../../lib/app-error';
import type { BodyRow } from './body-row';
import { CSV_COLUMNS, refusedCellOf } from './csv-columns';
import { CsvDocuments, disagreementOf, documentRow, reportLineOf } from './csv-documents';
import { bytesSource, type CsvRecord, detectFormat, readCsv } from './csv-file';

/** The header's columns by name, as a German Excel file names them (order free, extra columns ignored). */
export type CsvHeader = Map<string, number>;

export const headerOf = (record: CsvRecord): CsvHeader => new Map(record.cells.map((name, i) => [name.trim(), i]));

/** The kind's columns the header lacks (optional ones may be left out). */
export const missingColumns = (kind: ImportKind, header: CsvHeader) =>
  CSV_COLUMNS[kind].headers.filter((h) => !header.has(h) && !(h in (CSV_COLUMNS[kind].optional ?? {})));

/** The row fields of the optional columns the header leaves out: stored records keep them. */
export const keptFields = (kind: ImportKind, header: CsvHeader): Set<string> =>
  new Set(
    Object.entries(CSV_COLUMNS[kind].optional ?? {})
      .filter(([column]) => !header.has(column))
      .map(([, field]) => field),
  );

export const missingColumnsMessage = (missing: string[]) =>
  `${INTEGRATION_MSG.csvColumnsMissing}: ${missing.join(', ')} (siehe docs/import/README.md)`;

/** A record's cells by column name. */
export function cellsOf(record: CsvRecord, header: CsvHeader): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [name, i] of header) cells[name] = record.cells[i] ?? '';
  return cells;
}

/** One CSV record as the row the importer checks: its cells by column, or the cell read as no number. */
export function csvRow(kind: ImportKind, header: CsvHeader, record: CsvRecord): BodyRow {
  const value = CSV_COLUMNS[kind].toRow(cellsOf(record, header));
  const refused = refusedCellOf(value);
  return refused ? { error: refused.message, field: refused.field } : { value };
}

/** The column a refusal names, by the header of the CSV (the row field's first part); none for the whole line. */
export const columnOfField = (kind: ImportKind, field: string) =>
  field === '_' ? '' : (CSV_COLUMNS[kind].columnOf[field.split('.')[0] ?? ''] ?? field);

/**
 * Where each row of a CSV body stands in the file, so that a refusal names the line and column an editor shows;
 * and the fields of the columns the file left out.
 */
export interface CsvPlaces {
  keep: Set<string>;
  placeOf(rejection: ImportRejection): { line: number; column: string };
}

/**
 * A CSV body of the integration API (the same file `npm run import` reads: `;` or `,`, UTF-8 with or without
 * BOM or Windows-1252, German numbers), as rows in file order. A line that is no CSV record is a row of its
 * own, refused with the reason; a header without the kind's columns refuses the whole request. A document kind's
 * records are grouped into documents, wherever their lines stand, as `npm run import` does.
 */
export async function csvBodyRows(kind: ImportKind, bytes: Buffer): Promise<{ rows: BodyRow[]; places: CsvPlaces }> {
  const source = bytesSource(bytes);
  const format = await detectFormat(source);
  const found: { line: number; row: BodyRow }[] = [];
  const columns = CSV_COLUMNS[kind];
  const documents = columns.lines ? new CsvDocuments(columns, columns.lines) : null;
  let header: CsvHeader | null = null;
  const records = readCsv(
    source,
    format,
    (skip) => found.push({ line: skip.line, row: { error: skip.reason } }),
    () => undefined,
  );
  for await (const record of records) {
    if (!header) {
      header = headerOf(record);
      const missing = missingColumns(kind, header);
      if (missing.length > 0) throw new AppError(400, 'CSV_COLUMNS_MISSING', missingColumnsMessage(missing));
      continue;
    }
    if (documents) documents.add(record.line, cellsOf(record, header));
    else found.push({ line: record.line, row: csvRow(kind, header, record) });
  }
  if (!header) throw new AppError(400, 'BODY_MISSING', INTEGRATION_MSG.bodyMissing);
  const keep = keptFields(kind, header);
  if (documents) {
    // A line that is no record may belong to any document, which would be stored without it.
    const broken = found[0];
    if (broken) {
      throw new AppError(400, 'CSV_LINE_BROKEN', `${INTEGRATION_MSG.csvDocumentLineBroken} (Zeile ${broken.line})`);
    }
    const all = documents.all();
    const rows = all.map((d): BodyRow => {
      if (d.disagrees === undefined) return documentRow(d);
      const [, , reason] = disagreementOf(d);
      return { error: reason };
    });
    const placeOf = (r: ImportRejection) => {
      const d = all[r.index];
      if (!d) return { line: 0, column: '' };
      if (d.disagrees !== undefined) return { line: d.lineNumbers[0] ?? 0, column: d.disagrees };
      const [line, column] = reportLineOf(d, columns, r);
      return { line, column };
    };
    return { rows, places: { keep, placeOf } };
  }
  // Refused lines are told while the parser reads ahead: file order is line order.
  found.sort((a, b) => a.line - b.line);
  const lines = found.map((f) => f.line);
  const placeOf = (r: ImportRejection) => ({ line: lines[r.index] ?? 0, column: columnOfField(kind, r.field) });
  return { rows: found.map((f) => f.row), places: { keep, placeOf } };
}

/** A refusal of a CSV body's row with the line and column of the file beside its index and field. */
export const withCsvPlace = (places: CsvPlaces, rejection: ImportRejection): ImportRejection => ({
  ...rejection,
  ...places.placeOf(rejection),
});
