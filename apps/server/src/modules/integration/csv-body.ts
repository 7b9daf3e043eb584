import { type ImportKind, type ImportRejection, INTEGRATION_MSG } from '@mde/contracts';
import { AppError } from '../../lib/app-error';
import type { BodyRow } from './body-row';
import { CSV_COLUMNS, refusedCellOf } from './csv-columns';
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

/** One CSV record as the row the importer checks: its cells by column, or the cell read as no number. */
export function csvRow(kind: ImportKind, header: CsvHeader, record: CsvRecord): BodyRow {
  const cells: Record<string, string> = {};
  for (const [name, i] of header) cells[name] = record.cells[i] ?? '';
  const value = CSV_COLUMNS[kind].toRow(cells);
  const refused = refusedCellOf(value);
  return refused ? { error: refused.message, field: refused.field } : { value };
}

/** The column a refusal names, by the header of the CSV (the row field's first part); none for the whole line. */
export const columnOfField = (kind: ImportKind, field: string) =>
  field === '_' ? '' : (CSV_COLUMNS[kind].columnOf[field.split('.')[0] ?? ''] ?? field);

/**
 * Where each row of a CSV body starts in the file, so that a refusal names the line an editor shows; and the
 * fields of the columns the file left out.
 */
export interface CsvPlaces {
  kind: ImportKind;
  lines: number[];
  keep: Set<string>;
}

/**
 * A CSV body of the integration API (the same file `npm run import` reads: `;` or `,`, UTF-8 with or without
 * BOM or Windows-1252, German numbers), as rows in file order. A line that is no CSV record is a row of its
 * own, refused with the reason; a header without the kind's columns refuses the whole request.
 */
export async function csvBodyRows(kind: ImportKind, bytes: Buffer): Promise<{ rows: BodyRow[]; places: CsvPlaces }> {
  const source = bytesSource(bytes);
  const format = await detectFormat(source);
  const found: { line: number; row: BodyRow }[] = [];
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
    found.push({ line: record.line, row: csvRow(kind, header, record) });
  }
  if (!header) throw new AppError(400, 'BODY_MISSING', INTEGRATION_MSG.bodyMissing);
  // Refused lines are told while the parser reads ahead: file order is line order.
  found.sort((a, b) => a.line - b.line);
  const places = { kind, lines: found.map((f) => f.line), keep: keptFields(kind, header) };
  return { rows: found.map((f) => f.row), places };
}

/** A refusal of a CSV body's row with the line and column of the file beside its index and field. */
export const withCsvPlace = (places: CsvPlaces, rejection: ImportRejection): ImportRejection => ({
  ...rejection,
  line: places.lines[rejection.index] ?? 0,
  column: columnOfField(places.kind, rejection.field),
});
