import { DOCUMENT_IMPORT_MSG, type ImportRejection } from '@mde/contracts';
import type { BodyRow } from './body-row';
import { type KindColumns, refusedCellOf } from './csv-columns';

// The CSV of a document kind (purchase orders, delivery notes): one record per document line with the document's
// columns repeated. Records with the same key columns are one document, wherever they stand in the file; a
// document whose records disagree on a document-level column is refused whole, with its line numbers.

/** One document of the file: its lines (by line number) and what its records say of it. */
export interface CsvDocument {
  lineNumbers: number[];
  document: Record<string, unknown>;
  lines: Record<string, unknown>[];
  /** The first document-level column its records disagree on. */
  disagrees?: string;
}

type Lines = NonNullable<KindColumns['lines']>;

/** Line numbers as a report names them: all of a short document, the first ten and the last of a long one. */
export function lineList(numbers: readonly number[]): string {
  if (numbers.length <= 12) return numbers.join(', ');
  return `${numbers.slice(0, 10).join(', ')}, … ${numbers.at(-1)}`;
}

export class CsvDocuments {
  private readonly byKey = new Map<string, CsvDocument & { json: string }>();
  constructor(
    private readonly columns: KindColumns,
    private readonly lines: Lines,
  ) {}

  add(line: number, cells: Record<string, string>) {
    const document = this.columns.toRow(cells);
    const key = JSON.stringify(this.lines.key.map((k) => document[k] ?? null));
    const json = JSON.stringify(document);
    const known = this.byKey.get(key);
    const entry = this.lines.toLine(cells);
    if (!known) {
      this.byKey.set(key, { lineNumbers: [line], document, lines: [entry], json });
      return;
    }
    known.lineNumbers.push(line);
    known.lines.push(entry);
    if (known.json !== json && known.disagrees === undefined) {
      const fields = new Set([...Object.keys(known.document), ...Object.keys(document)]);
      const field = [...fields].find((f) => JSON.stringify(known.document[f]) !== JSON.stringify(document[f])) ?? '_';
      known.disagrees = this.columns.columnOf[field] ?? field;
    }
  }

  /** The documents in the order of their first line. */
  all(): CsvDocument[] {
    return [...this.byKey.values()];
  }
}

/** Documents in chunks of about `lines` lines each, a document never split. */
export function* documentChunks(documents: readonly CsvDocument[], lines: number): Generator<CsvDocument[]> {
  let chunk: CsvDocument[] = [];
  let size = 0;
  for (const d of documents) {
    if (chunk.length > 0 && size + d.lines.length > lines) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(d);
    size += d.lines.length;
  }
  if (chunk.length > 0) yield chunk;
}

/** The API row of a document (or the refused cell in it, with the path of its field). */
export function documentRow(d: CsvDocument): BodyRow {
  const value = { ...d.document, lines: d.lines };
  const refused = refusedCellOf(value);
  return refused ? { error: refused.message, field: refused.field } : { value };
}

/** A refused document's line for the report: its line (a line's own for a line's field), column and reason. */
export function reportLineOf(
  d: CsvDocument,
  columns: KindColumns,
  rejection: Pick<ImportRejection, 'field' | 'message'>,
): [number, string, string] {
  const [first, position, field] = rejection.field.split('.');
  const lineIndex = first === 'lines' && position !== undefined ? Number(position) : Number.NaN;
  const lineNumber = d.lineNumbers[lineIndex];
  if (lineNumber !== undefined && field !== undefined) {
    return [lineNumber, columns.lines?.columnOf[field] ?? rejection.field, rejection.message];
  }
  const whole = d.lineNumbers.length > 1 ? ` (Beleg in den Zeilen ${lineList(d.lineNumbers)})` : '';
  return [d.lineNumbers[0] ?? 0, columns.columnOf[first ?? ''] ?? rejection.field, `${rejection.message}${whole}`];
}

/** The report line of a document whose records disagree on a document-level column. */
export const disagreementOf = (d: CsvDocument): [number, string, string] => [
  d.lineNumbers[0] ?? 0,
  d.disagrees ?? '',
  DOCUMENT_IMPORT_MSG.linesDisagree(lineList(d.lineNumbers), d.disagrees ?? ''),
];
