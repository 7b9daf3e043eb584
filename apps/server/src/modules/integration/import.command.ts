import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_KIND_SCOPES, type ImportKind, type ImportResult } from '@mde/contracts';
import type { AdminCommand, AdminCommandContext } from '../../admin/admin-command';
import type { Db } from '../../db/database';
import { csvText } from '../../lib/csv-writer';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { countArticlesNotIn, delistArticlesNotIn } from './article-import.repository';
import { CSV_COLUMNS, refusedCellOf } from './csv-columns';
import { type CsvRecord, detectFormat, readCsv } from './csv-file';
import type { BodyRow } from './import-body';
import { IMPORTERS } from './integration.service';

const KINDS = Object.keys(IMPORT_KIND_SCOPES) as ImportKind[];
/**
 * Records checked and written per transaction: a file of a million lines never sits in memory at once, and on
 * PGlite (one connection, the server's) requests wait one chunk at most, not the whole file. A run that stops
 * halfway names the last line stored; the same call again completes the file (docs/import/README.md).
 */
const CHUNK = 5000;

/** The report beside the input: one line per refused line, as Excel opens it. */
export const reportPathOf = (file: string) => `${file}.fehler.csv`;

const options = { 'dry-run': { type: 'boolean' }, full: { type: 'boolean' } } as const;

class DryRun extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

export const importCommand: AdminCommand = {
  name: 'import',
  summary: 'Importiert Stammdaten aus einer CSV-Datei (Excel: ; oder , · UTF-8 oder Windows-1252 · Dezimalkomma)',
  usage: `<Art> <Datei> [--dry-run] [--full]   (Arten: ${KINDS.join(', ')}; Spalten: docs/import/)`,
  resolvePaths(args, cwd) {
    let positional = 0;
    return args.map((arg) => (!arg.startsWith('--') && positional++ === 1 ? path.resolve(cwd, arg) : arg));
  },
  async run(context, args) {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    const [kind, file] = positionals as [ImportKind | undefined, string | undefined];
    if (!kind || !file || positionals.length !== 2 || !KINDS.includes(kind)) {
      context.err(`Aufruf: import <Art> <Datei> [--dry-run] [--full]; Arten: ${KINDS.join(', ')}`);
      return 2;
    }
    if (values.full && kind !== 'articles') {
      context.err('--full gibt es nur für articles (Artikel, die die Datei nicht mehr enthält, werden ausgelistet)');
      return 2;
    }
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      context.err(`Datei nicht gefunden: ${file}`);
      return 2;
    }
    return importFile(context, kind, file, { dryRun: values['dry-run'] === true, full: values.full === true });
  },
};

async function importFile(
  context: AdminCommandContext,
  kind: ImportKind,
  file: string,
  flags: { dryRun: boolean; full: boolean },
): Promise<number> {
  const db = context.database.db;
  const columns = CSV_COLUMNS[kind];
  const format = await detectFormat(file);
  const size = fs.statSync(file).size;
  const report = reportPathOf(file);
  fs.rmSync(report, { force: true });
  const reportLines: [number, string, string][] = [];
  let read = 0;
  const totals = { inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  const refuse = (line: number, column: string, reason: string) => {
    totals.rejected++;
    reportLines.push([line, column, reason]);
  };
  const kept = new Map<number, Set<string>>();
  const records = readCsv(
    file,
    format,
    (skip) => refuse(skip.line, '', skip.reason),
    (bytes) => {
      read += bytes;
      context.progress(read, size);
    },
  );
  let header: Map<string, number> | null = null;
  let chunk: CsvRecord[] = [];
  /** The last line whose record is stored (committed), 0 before the first chunk. */
  let storedThrough = 0;
  const flush = async () => {
    const rows: BodyRow[] = chunk.map((record) => {
      const value = columns.toRow(cellsOf(record, header));
      const refused = refusedCellOf(value);
      return refused ? { error: refused.message, field: refused.field } : { value };
    });
    const result = await importChunk(db, kind, rows, flags.dryRun);
    if (!flags.dryRun) storedThrough = chunk.at(-1)?.lastLine ?? storedThrough;
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.unchanged += result.unchanged;
    for (const r of result.rejections) {
      refuse(chunk[r.index]?.line ?? 0, columns.columnOf[r.field.split('.')[0] ?? ''] ?? r.field, r.message);
    }
    if (flags.full) {
      const refused = new Set(result.rejections.map((r) => r.index));
      for (const [i, row] of rows.entries()) {
        const value = 'value' in row ? (row.value as { firma?: unknown; number?: unknown }) : {};
        if (refused.has(i) || typeof value.firma !== 'number' || typeof value.number !== 'string') continue;
        const set = kept.get(value.firma) ?? new Set<string>();
        set.add(value.number.trim());
        kept.set(value.firma, set);
      }
    }
    if (reportLines.length > 0) writeReport(report, reportLines.splice(0));
    chunk = [];
  };
  let delisted = 0;
  try {
    for await (const record of records) {
      if (!header) {
        header = new Map(record.cells.map((name, i) => [name.trim(), i]));
        const missing = columns.headers.filter((h) => !header?.has(h));
        if (missing.length > 0) {
          context.err(`Spalten fehlen in der Kopfzeile: ${missing.join(', ')} (siehe docs/import/README.md)`);
          return 2;
        }
        continue;
      }
      chunk.push(record);
      if (chunk.length >= CHUNK) await flush();
    }
    if (chunk.length > 0 || reportLines.length > 0) await flush();
    if (flags.full) {
      const delist = flags.dryRun ? countArticlesNotIn : delistArticlesNotIn;
      for (const [firmaId, numbers] of kept) delisted += await delist(db, firmaId, [...numbers]);
    }
  } catch (error) {
    context.err(stoppedMessage(error, storedThrough, flags.dryRun));
    return 1;
  }
  const encoding = `${format.encoding}${format.bom ? ' mit BOM' : ''}, Trennzeichen '${format.delimiter}'`;
  context.out(
    `${flags.dryRun ? 'Probelauf (nichts geschrieben)' : 'Import'} ${kind} aus ${path.basename(file)} (${encoding}): ` +
      `${totals.inserted} neu, ${totals.updated} geändert, ${totals.unchanged} unverändert, ${totals.rejected} abgewiesen` +
      (flags.full ? `, ${delisted} ${flags.dryRun ? 'würden ausgelistet' : 'ausgelistet'}` : ''),
  );
  if (totals.rejected > 0) context.err(`Abgewiesene Zeilen mit Grund: ${report}`);
  return totals.rejected > 0 ? 1 : 0;
}

/**
 * Why the run stopped and how far it got: the chunks before are committed, the one it was in is not, and
 * upserts by natural key make the same call again take the rest (stored rows come out unchanged).
 */
function stoppedMessage(error: unknown, storedThrough: number, dryRun: boolean): string {
  const why = error instanceof Error ? error.message : String(error);
  if (dryRun) return `Probelauf abgebrochen (${why}); nichts geschrieben.`;
  const stored =
    storedThrough > 1
      ? `Gespeichert sind die Zeilen 2 bis ${storedThrough}, die Zeilen danach nicht`
      : 'Gespeichert ist noch keine Zeile';
  return `Import abgebrochen (${why}). ${stored}; derselbe Aufruf noch einmal übernimmt den Rest (schon gespeicherte Zeilen bleiben unverändert).`;
}

function cellsOf(record: CsvRecord, header: Map<string, number> | null): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [name, i] of header ?? []) cells[name] = record.cells[i] ?? '';
  return cells;
}

/** One chunk in one transaction; a dry run checks and writes the same way, then rolls back. */
async function importChunk(db: Db, kind: ImportKind, rows: BodyRow[], dryRun: boolean): Promise<ImportResult> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [] };
  try {
    return await db.transaction().execute(async (trx) => {
      // The operator's import has no API key and reaches every firma (no rowsOfFirmas here).
      const result = await IMPORTERS[kind](trx, rows);
      if (dryRun) throw new DryRun(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result;
    throw error;
  }
}

/** Appends refused lines to the report (the project's CSV writer), which starts with a BOM and its header. */
function writeReport(report: string, lines: [number, string, string][]) {
  if (!fs.existsSync(report)) {
    const header = csvText([['Zeile', 'Spalte', 'Grund']], { bom: true });
    // Like every file the operator CLI writes: for its owner only.
    fs.writeFileSync(report, header, { mode: PRIVATE_FILE_MODE });
  }
  fs.appendFileSync(report, csvText(lines));
}
