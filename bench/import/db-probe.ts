// What an import wrote, read from the rows themselves: every row a transaction inserts or updates carries that
// transaction's id (xmin), so rows with an xmin after a mark are exactly the rows written since.
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';

/** The catalogue's tables: the article and the rows that hang on it (units, codes, prices, listings, …). */
export async function articleTables(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and (c.relname = 'article' or c.relname like 'article\\_%')
     order by c.relname`.execute(db);
  return result.rows.map((r) => r.name);
}

/** A mark: every transaction that starts later has a higher id. */
export async function transactionMark(db: Db): Promise<number> {
  const result = await sql<{ xid: string }>`select txid_current()::text as xid`.execute(db);
  return Number(result.rows[0]?.xid);
}

/** Rows of each table written (inserted or updated) by transactions after the mark. */
export async function rowsWrittenSince(db: Db, tables: string[], mark: number) {
  const written: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where xmin::text::bigint > ${mark}`.execute(db);
    written[table] = result.rows[0]?.n ?? 0;
  }
  return written;
}

export async function rowCounts(db: Db, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** The tables in an order their foreign keys allow loading them in (referenced tables first). */
export async function loadOrder(db: Db, tables: string[]): Promise<string[]> {
  const result = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and c.relname <> p.relname`.execute(db);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of result.rows.filter((r) => r.child === table)) {
      if (tables.includes(parent)) visit(parent, path);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A table's columns COPY can load: generated columns are computed by the database, not loaded. */
export async function loadableColumns(db: Db, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select attname as name from pg_attribute
     where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`.execute(db);
  return result.rows.map((r) => r.name);
}

/**
 * Tables the database fills itself: a function inserts into them (the article summary, kept by triggers on the
 * tables it summarises). A COPY into the other tables fills them as the import's writes do.
 */
export async function derivedTables(db: Db, tables: string[]): Promise<string[]> {
  const result = await sql<{ src: string }>`
    select p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'`.execute(db);
  return tables.filter((table) =>
    result.rows.some((r) => new RegExp(`insert\\s+into\\s+(public\\.)?${table}\\b`, 'i').test(r.src)),
  );
}
