import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { IMPORT_KINDS_IN_ORDER, type ImportKind } from '@mde/contracts';
import { type Db, runsInProcess } from '../../db/database';
import { requestActivity } from '../../db/request-activity';
import type { AdminCommand, AdminCommandContext } from '../../lib/admin-command';
import { csvText } from '../../lib/csv-writer';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { countArticlesNotIn, delistArticlesNotIn } from './article-import.repository';
import { checkArticleRows, writeArticleRows } from './article-import.service';
import { ArticleStatistics } from './article-statistics';
import {
  type CsvHeader,
  cellsOf,
  columnOfField,
  csvRow,
  headerOf,
  keptFields,
  missingColumns,
  missingColumnsMessage,
} from './csv-body';
import { CSV_COLUMNS } from './csv-columns';
import { CsvDocuments, disagreementOf, documentChunks, documentRow, reportLineOf } from './csv-documents';
import { type CsvRecord, detectFormat, fileSource, readCsv } from './csv-file';
import type { BodyRow } from './import-body';
import { IMPORTERS, type ImportOutcome } from './integration.service';
import { KeptOpenOrders } from './open-order-import.service';
import { WritePace } from './write-pace';

const KINDS = IMPORT_KINDS_IN_ORDER;
/**
 * Records checked and written per transaction: a file of a million lines never sits in memory at once, and on
 * PGlite (one connection, the server's) requests wait one chunk at most, not the whole file. A run that stops
 * halfway names the last line stored; the same call again completes the file (docs/import/README.md).
 */
const CHUNK = 5000;
/**
 * Article records per transaction on PGlite, where the database runs on the server's own thread and the stores'
 * lookups and syncs wait while a transaction checks and writes: sized so each takes about PGLITE_HOLD_MS
 * (write-pace.ts), starting from PGLITE_FIRST_CHUNK. Measured with 1,000 records per chunk on a quiet machine:
 * lookups during a 20,000-article import waited up to a second (p95 1,000 ms).
 */
const PGLITE_FIRST_CHUNK = 500;
const PGLITE_HOLD_MS = 250;
const PGLITE_CHUNK_BOUNDS = { min: 50, max: CHUNK };
/** The longest an import transaction on PGlite waits for a moment without a request (db/request-activity.ts). */
const PGLITE_GIVE_WAY_MS = 1000;
/** New articles after which the tables' statistics are first refreshed (article-statistics.ts). */
const FIRST_ANALYZE = 1000;

/** The report beside the input: one line per refused line, as Excel opens it. */
export const reportPathOf = (file: string) => `${file}.fehler.csv`;

const options = { 'dry-run': { type: 'boolean' }, full: { type: 'boolean' } } as const;

/** What a caller (a test) may set for one run: the records per chunk, and a fault injected into a chunk. */
export interface ImportRun {
  chunkRecords?: number;
  /** Runs in each chunk's transaction once its rows are written (chunks counted from 1); a throw ends the run there. */
  chunkWritten?: (chunk: number) => void | Promise<void>;
  /** Awaited before each transaction and statistics statement of a paced run (default: the stores' requests). */
  giveWay?: () => Promise<void>;
}

class DryRun extends Error {
  constructor(readonly result: ImportOutcome) {
    super('dry run');
  }
}

export const importCommand: AdminCommand = {
  name: 'import',
  summary:
    'Importiert Stammdaten und Belege aus einer CSV-Datei (Excel: ; oder , · UTF-8 oder Windows-1252 · Dezimalkomma)',
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
    if (values.full && kind !== 'articles' && kind !== 'open-orders') {
      context.err(
        '--full gibt es nur für articles (Artikel, die die Datei nicht mehr enthält, werden ausgelistet) und ' +
          'open-orders (offene Bestellungen der Filialen der Datei, die sie nicht mehr enthält, werden entfernt)',
      );
      return 2;
    }
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      context.err(`Datei nicht gefunden: ${file}`);
      return 2;
    }
    return importFile(context, kind, file, { dryRun: values['dry-run'] === true, full: values.full === true });
  },
};

export async function importFile(
  context: AdminCommandContext,
  kind: ImportKind,
  file: string,
  flags: { dryRun: boolean; full: boolean },
  run: ImportRun = {},
): Promise<number> {
  const db = context.database.db;
  const pace =
    run.chunkRecords === undefined && kind === 'articles' && runsInProcess(db)
      ? new WritePace(PGLITE_FIRST_CHUNK, PGLITE_HOLD_MS, PGLITE_CHUNK_BOUNDS)
      : null;
  const chunkRecords = () => pace?.next ?? run.chunkRecords ?? CHUNK;
  let chunks = 0;
  const giveWay = pace
    ? (run.giveWay ?? (() => requestActivity(db).quiet(PGLITE_GIVE_WAY_MS)))
    : () => Promise.resolve();
  const statistics = new ArticleStatistics(run.chunkRecords ?? (pace ? FIRST_ANALYZE : CHUNK), giveWay);
  const source = fileSource(file);
  const format = await detectFormat(source);
  const size = fs.statSync(file).size;
  const report = reportPathOf(file);
  fs.rmSync(report, { force: true });
  const reportLines: [number, string, string][] = [];
  let read = 0;
  const totals = { inserted: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0 };
  const refuse = (line: number, column: string, reason: string) => {
    totals.rejected++;
    reportLines.push([line, column, reason]);
  };
  const kept = new Map<number, Set<string>>();
  const keptOrders = new KeptOpenOrders();
  const records = readCsv(
    source,
    format,
    (skip) => refuse(skip.line, '', skip.reason),
    (bytes) => {
      read += bytes;
      context.progress(read, size);
    },
  );
  let header: CsvHeader | null = null;
  // A document kind's file is read whole first: a document's lines may stand anywhere in it.
  const lines = CSV_COLUMNS[kind].lines;
  const documents = lines ? new CsvDocuments(CSV_COLUMNS[kind], lines) : null;
  let chunk: CsvRecord[] = [];
  /** The last line whose record is stored (committed), 0 before the first chunk. */
  let storedThrough = 0;
  const flush = async () => {
    const rows: BodyRow[] = chunk.map((record) => csvRow(kind, header ?? new Map(), record));
    const chunkNumber = ++chunks;
    const written = run.chunkWritten && (() => run.chunkWritten?.(chunkNumber));
    const keep = keptFields(kind, header ?? new Map());
    await giveWay();
    const started = performance.now();
    const result = await importChunk(db, kind, rows, flags.dryRun, keep, written);
    pace?.took(rows.length, performance.now() - started);
    if (!flags.dryRun) storedThrough = chunk.at(-1)?.lastLine ?? storedThrough;
    if (!flags.dryRun && kind === 'articles') await statistics.written(db, result.inserted);
    // Between two chunks the connection is free: on PGlite (one connection) the stores' requests go first.
    await new Promise((resolve) => setImmediate(resolve));
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.unchanged += result.unchanged;
    totals.removed += result.removed ?? 0;
    for (const r of result.rejections) {
      refuse(chunk[r.index]?.line ?? 0, columnOfField(kind, r.field), r.message);
    }
    if (flags.full && kind === 'open-orders') {
      const refused = new Set(result.rejections.map((r) => r.index));
      for (const [i, row] of rows.entries()) if (!refused.has(i) && 'value' in row) keptOrders.addSent(row.value);
    } else if (flags.full) {
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
  /** Why --full removed nothing, when it did not. */
  let notReplaced = '';
  try {
    for await (const record of records) {
      if (!header) {
        header = headerOf(record);
        const missing = missingColumns(kind, header);
        if (missing.length > 0) {
          context.err(missingColumnsMessage(missing));
          return 2;
        }
        continue;
      }
      if (documents) {
        documents.add(record.line, cellsOf(record, header));
        continue;
      }
      chunk.push(record);
      if (chunk.length >= chunkRecords()) await flush();
    }
    if (documents) {
      const code = await importDocuments(context, kind, documents, flags.dryRun, {
        totals,
        refuse,
        report,
        reportLines,
      });
      if (code !== undefined) return code;
    } else if (chunk.length > 0 || reportLines.length > 0) await flush();
    await statistics.finish(db);
    if (flags.full && kind === 'open-orders') {
      // A refused line may be an order still open: the stores' other lines go only after a file without refusals.
      if (totals.rejected > 0) notReplaced = ' (--full: nichts weiter entfernt, weil Zeilen abgewiesen wurden)';
      else {
        totals.removed += await db
          .transaction()
          .execute((trx) => keptOrders.removeOthers(trx, { remove: !flags.dryRun }));
      }
    } else if (flags.full) {
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
      `${totals.inserted} neu, ${totals.updated} geändert, ${totals.unchanged} unverändert, ` +
      (kind === 'open-orders' ? `${totals.removed} ${flags.dryRun ? 'würden entfernt' : 'entfernt'}, ` : '') +
      `${totals.rejected} abgewiesen` +
      (flags.full && kind === 'articles'
        ? `, ${delisted} ${flags.dryRun ? 'würden ausgelistet' : 'ausgelistet'}`
        : '') +
      notReplaced,
  );
  if (totals.rejected > 0) context.err(`Abgewiesene Zeilen mit Grund: ${report}`);
  return totals.rejected > 0 ? 1 : 0;
}

interface Tally {
  totals: { inserted: number; updated: number; unchanged: number; rejected: number };
  refuse: (line: number, column: string, reason: string) => void;
  report: string;
  reportLines: [number, string, string][];
}

/**
 * The documents of a file in chunks of about CHUNK lines, whole documents each, every chunk in its own
 * transaction. A file with a line that is no CSV record is not imported at all: the line may belong to any
 * document, which would be stored without it. Answers an exit code when the run ends here.
 */
async function importDocuments(
  context: AdminCommandContext,
  kind: ImportKind,
  documents: CsvDocuments,
  dryRun: boolean,
  tally: Tally,
): Promise<number | undefined> {
  const columns = CSV_COLUMNS[kind];
  if (tally.totals.rejected > 0) {
    writeReport(tally.report, tally.reportLines.splice(0));
    context.err(
      `Die Datei hat Zeilen, die kein gültiger CSV-Datensatz sind; ein Beleg würde ohne sie übernommen: nichts importiert (${tally.report})`,
    );
    return 1;
  }
  const all = documents.all();
  let storedDocuments = 0;
  try {
    for (const part of documentChunks(all, CHUNK)) {
      const sent = part.filter((d) => {
        if (d.disagrees !== undefined) tally.refuse(...disagreementOf(d));
        return d.disagrees === undefined;
      });
      const result = await importChunk(context.database.db, kind, sent.map(documentRow), dryRun, new Set());
      if (!dryRun) storedDocuments += part.length;
      tally.totals.inserted += result.inserted;
      tally.totals.updated += result.updated;
      tally.totals.unchanged += result.unchanged;
      for (const r of result.rejections) {
        const d = sent[r.index];
        if (d) tally.refuse(...reportLineOf(d, columns, r));
      }
      if (tally.reportLines.length > 0) writeReport(tally.report, tally.reportLines.splice(0));
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    context.err(
      dryRun
        ? `Probelauf abgebrochen (${why}); nichts geschrieben.`
        : `Import abgebrochen (${why}). Fertig (gespeichert oder abgewiesen) sind die ersten ${storedDocuments} von ${all.length} Belegen ` +
            '(in der Reihenfolge ihrer ersten Zeile); derselbe Aufruf noch einmal übernimmt den Rest (schon gespeicherte Belege bleiben unverändert).',
    );
    return 1;
  }
  return undefined;
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

/**
 * One chunk in one transaction; a dry run checks and writes the same way, then rolls back. Articles are checked
 * before the transaction begins, so it lasts only as long as the writing.
 */
async function importChunk(
  db: Db,
  kind: ImportKind,
  rows: BodyRow[],
  dryRun: boolean,
  keep: Set<string>,
  written?: () => void | Promise<void>,
): Promise<ImportOutcome> {
  if (rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [] };
  const checked = kind === 'articles' ? checkArticleRows(rows) : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      // A complete file (--full) is complete only at its end: each chunk is imported on its own.
      const options = { full: false, keep };
      const result = checked
        ? await writeArticleRows(trx, checked, options)
        : await IMPORTERS[kind](trx, rows, options);
      await written?.();
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
