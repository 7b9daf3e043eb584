import { stringify } from 'csv-stringify/sync';
import { CompiledQuery } from 'kysely';
import type { Db } from './db-type';

/**
 * Marks `copy … from stdin` statements whose rows travel as the statement's one parameter (CSV text). Both
 * drivers recognise it on the connection the statement runs on, so a COPY joins the caller's transaction:
 * PostgreSQL streams the text through pg-copy-streams (pg-connections.ts), PGlite reads it as the blob of
 * `copy … from '/dev/blob'` (pglite-dialect.ts).
 */
export const COPY_FROM_STDIN = '/* copy rows from stdin */';

/** The `from stdin` of a marked statement, as PGlite names the blob it is given instead. */
export const pgliteCopySql = (text: string) => text.slice(COPY_FROM_STDIN.length).replace(/ from stdin /, " from '/dev/blob' ");

/** The CSV COPY reads: NULL is an empty unquoted cell, an empty text a quoted one (""). */
export const copyText = (rows: readonly (readonly unknown[])[]) =>
  stringify(rows as unknown[][], { quoted_string: true, cast: { boolean: (value) => (value ? 't' : 'f') } });

/**
 * Writes rows into a table with PostgreSQL's COPY, the database's own bulk path: one statement, no per-row
 * parameters. `rows` hold the values in the order of `columns`; null is SQL NULL.
 */
export async function copyRows(db: Db, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]) {
  if (rows.length === 0) return;
  const quoted = columns.map((c) => `"${c}"`).join(', ');
  const text = `${COPY_FROM_STDIN}copy "${table}" (${quoted}) from stdin with (format csv)`;
  await db.executeQuery(CompiledQuery.raw(text, [copyText(rows)]));
}
