// The baseline of the import: the rows it wrote, loaded by the database's own COPY into the same tables (same
// indexes, constraints and triggers) of a fresh database of the same kind, in one transaction. PostgreSQL:
// psql's \copy (COPY … FROM STDIN over the client protocol, as pg-copy-streams would); PGlite: its COPY from a
// blob. Only the load is timed; reading the rows out of the imported database is not.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';

/** Statements the load runs first and last in its transaction (the schema's own provision for bulk loads). */
export interface BulkLoad {
  before: string[];
  after: string[];
}

export interface CopyBaseline {
  seconds: number;
  rows: number;
}

/** A table with the columns COPY loads (db-probe.ts loadableColumns). */
export interface CopyTable {
  name: string;
  columns: string[];
}

const writtenRows = (table: CopyTable, mark: number) =>
  `(select ${table.columns.join(', ')} from ${table.name} where xmin::text::bigint > ${mark} order by 1)`;
const into = (table: CopyTable) => `${table.name} (${table.columns.join(', ')})`;

/**
 * The rows of `tables` written after `mark` in the database of `imported` (a data directory dump), copied into
 * the one of `fresh` (tables in load order).
 */
export async function pgliteCopyBaseline(
  imported: Blob,
  fresh: Blob,
  tables: CopyTable[],
  mark: number,
  bulk: BulkLoad,
  /** Where the copy keeps its files (as the server keeps DATA_DIR); in memory without. */
  dataDir?: string,
): Promise<CopyBaseline> {
  const source = await PGlite.create({ loadDataDir: imported });
  const blobs: Blob[] = [];
  let rows = 0;
  try {
    for (const table of tables) {
      const result = await source.query(`copy ${writtenRows(table, mark)} to '/dev/blob'`);
      // No rows, no blob: an empty one loads nothing.
      blobs.push(result.blob ?? new Blob([]));
      rows += result.affectedRows ?? 0;
    }
  } finally {
    await source.close();
  }
  const copy = await PGlite.create(dataDir ? `file://${dataDir}` : 'memory://', { loadDataDir: fresh });
  try {
    const started = performance.now();
    await copy.exec('begin');
    for (const statement of bulk.before) await copy.query(statement);
    for (const [i, table] of tables.entries())
      await copy.query(`copy ${into(table)} from '/dev/blob'`, [], { blob: blobs[i] });
    for (const statement of bulk.after) await copy.query(statement);
    await copy.exec('commit');
    return { seconds: (performance.now() - started) / 1000, rows };
  } finally {
    await copy.close();
  }
}

/** The same on PostgreSQL: `importedUrl`'s rows out to files, then timed into `freshUrl`. */
export function postgresCopyBaseline(
  psql: string,
  importedUrl: string,
  freshUrl: string,
  tables: CopyTable[],
  mark: number,
  bulk: BulkLoad,
): CopyBaseline {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-import-copy-'));
  try {
    const file = (table: CopyTable) => path.join(dir, `${table.name}.copy`);
    let rows = 0;
    for (const table of tables) {
      const out = execFileSync(
        psql,
        [importedUrl, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy ${writtenRows(table, mark)} to '${file(table)}'`],
        { encoding: 'utf8' },
      );
      rows += Number(/COPY (\d+)/.exec(out)?.[1] ?? 0);
    }
    const load = [
      ...bulk.before.flatMap((statement) => ['-c', statement]),
      ...tables.flatMap((table) => ['-c', `\\copy ${into(table)} from '${file(table)}'`]),
      ...bulk.after.flatMap((statement) => ['-c', statement]),
    ];
    const started = performance.now();
    execFileSync(psql, [freshUrl, '-1', '-q', '-v', 'ON_ERROR_STOP=1', ...load]);
    return { seconds: (performance.now() - started) / 1000, rows };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
