import { sql } from 'kysely';
import type { Db } from './database';

// Column order and PostgreSQL types of the tables the article seed fills. One statement per table and
// chunk: `insert … select * from unnest($1::int4[], …)` sends each column as one array parameter, which
// is far faster than multi-row VALUES (one bind parameter per column, not per cell) on both drivers.
export const BULK_COLUMNS = {
  article: [
    ['id', 'int4'],
    ['firma_id', 'int4'],
    ['number', 'text'],
    ['designation1', 'text'],
    ['designation2', 'text'],
    ['department', 'text'],
    ['base_unit', 'text'],
    ['scale_plu', 'text'],
  ],
  article_code: [
    ['firma_id', 'int4'],
    ['gtin14', 'text'],
    ['article_id', 'int4'],
    ['code_type', 'text'],
    ['unit', 'text'],
    ['factor', 'numeric'],
  ],
  article_unit: [
    ['firma_id', 'int4'],
    ['article_id', 'int4'],
    ['unit', 'text'],
    ['factor', 'numeric'],
    ['weight_grams', 'int4'],
    ['is_base', 'bool'],
  ],
  article_listing: [
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['article_id', 'int4'],
    ['listed_since', 'date'],
    ['target_stock', 'numeric'],
    ['min_stock', 'numeric'],
  ],
  article_price: [
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['article_id', 'int4'],
    ['scale', 'int4'],
    ['min_quantity', 'numeric'],
    ['unit', 'text'],
    ['per', 'int4'],
    ['price_cents', 'int4'],
    ['valid_from', 'date'],
  ],
  article_stock: [
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['warehouse_id', 'int4'],
    ['article_id', 'int4'],
    ['quantity', 'numeric'],
    ['dispo_quantity', 'numeric'],
    ['order_quantity', 'numeric'],
    ['next_delivery', 'date'],
  ],
  article_location: [
    ['firma_id', 'int4'],
    ['location_id', 'int4'],
    ['article_id', 'int4'],
    ['quantity', 'numeric'],
    ['min_quantity', 'numeric'],
    ['max_quantity', 'numeric'],
  ],
  article_supplier: [
    ['firma_id', 'int4'],
    ['article_id', 'int4'],
    ['supplier_id', 'int4'],
    ['supplier_article_number', 'text'],
    ['min_order_quantity', 'numeric'],
    ['order_unit', 'text'],
    ['order_factor', 'numeric'],
    ['is_main', 'bool'],
  ],
  article_open_order: [
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['article_id', 'int4'],
    ['supplier_id', 'int4'],
    ['order_number', 'text'],
    ['order_date', 'date'],
    ['quantity', 'numeric'],
    ['unit', 'text'],
    ['delivery_date', 'date'],
  ],
  article_turnover: [
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['article_id', 'int4'],
    ['first_month', 'date'],
    ['amount_cents', 'int8[]'],
    ['quantity', 'numeric[]'],
  ],
  supplier: [
    ['id', 'int4'],
    ['firma_id', 'int4'],
    ['number', 'text'],
    ['name', 'text'],
  ],
  storage_location: [
    ['id', 'int4'],
    ['firma_id', 'int4'],
    ['vkforg_id', 'int4'],
    ['warehouse_id', 'int4'],
    ['code', 'text'],
    ['name', 'text'],
  ],
} as const;

export type BulkTable = keyof typeof BULK_COLUMNS;

/** Inserts rows (objects keyed by column) in chunks of `chunkSize` rows per statement. */
export async function bulkInsert(db: Db, table: BulkTable, rows: readonly object[], chunkSize = 20_000) {
  const columns = BULK_COLUMNS[table];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize) as Record<string, unknown>[];
    // unnest flattens multi-dimensional arrays, so array-valued columns travel as text literals.
    const arrays = columns.map(([name, type]) => {
      const values = chunk.map((row) => row[name] ?? null);
      if (!type.endsWith('[]')) return sql`${values}::${sql.raw(type)}[]`;
      return sql`${values.map((v) => (Array.isArray(v) ? `{${v.join(',')}}` : v))}::text[]`;
    });
    const selected = columns.map(([name, type]) =>
      type.endsWith('[]') ? sql`${sql.ref(name)}::${sql.raw(type)}` : sql.ref(name),
    );
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))})
      select ${sql.join(selected)} from unnest(${sql.join(arrays)}) as t(${sql.join(columns.map(([name]) => sql.ref(name)))})`.execute(
      db,
    );
  }
}
