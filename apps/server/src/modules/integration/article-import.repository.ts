import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** One import at a time writes articles: new ids follow the highest one, and two imports must not race for them. */
export async function lockArticleImport(db: Db) {
  await sql`select pg_advisory_xact_lock(727105)`.execute(db);
}

export const findFirmas = (db: Db, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('firma').select('id').where('id', 'in', ids).execute();

export const findVkforgs = (db: Db, firmaIds: number[]) =>
  firmaIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('vkforg').select(['id', 'firma_id', 'vkforg']).where('firma_id', 'in', firmaIds).execute();

export const findSuppliers = (db: Db, firmaIds: number[]) =>
  firmaIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('supplier').select(['id', 'firma_id', 'number']).where('firma_id', 'in', firmaIds).execute();

/** An article as stored, with its dependent rows as arrays in the order of their columns. */
export interface StoredArticle {
  id: number;
  number: string;
  designation1: string;
  designation2: string;
  department: string;
  base_unit: string;
  scale_plu: string | null;
  delisted: boolean;
  units: unknown[][] | null;
  codes: unknown[][] | null;
  prices: unknown[][] | null;
  suppliers: unknown[][] | null;
  listings: unknown[][] | null;
}

/** The articles of these numbers with the hash of their last import, and whether nothing changed them since. */
export async function findImportStamps(db: Db, firmaId: number, numbers: string[]) {
  if (numbers.length === 0) return [];
  const result = await sql<{ id: number; number: string; import_hash: string | null; untouched: boolean }>`
    select a.id, a.number, a.import_hash, coalesce(a.updated_at = a.import_stamp, false) as untouched
    from article a where a.firma_id = ${firmaId} and a.number = any(${numbers}::text[])`.execute(db);
  return result.rows;
}

export async function findStoredArticles(db: Db, firmaId: number, numbers: string[]): Promise<StoredArticle[]> {
  if (numbers.length === 0) return [];
  const result = await sql<StoredArticle>`
    select a.id, a.number, a.designation1, a.designation2, a.department, a.base_unit, a.scale_plu,
      a.delisted_at is not null as delisted,
      (select json_agg(json_build_array(u.unit, u.factor, u.weight_grams)) from article_unit u
        where u.article_id = a.id) as units,
      (select json_agg(json_build_array(c.gtin14, c.code_type, c.unit, c.factor)) from article_code c
        where c.article_id = a.id) as codes,
      (select json_agg(json_build_array(p.vkforg_id, p.scale, p.min_quantity, p.unit, p.per, p.price_cents, p.valid_from))
        from article_price p where p.article_id = a.id) as prices,
      (select json_agg(json_build_array(s.supplier_id, s.supplier_article_number, s.min_order_quantity, s.order_unit,
          s.order_factor, s.is_main)) from article_supplier s where s.article_id = a.id) as suppliers,
      (select json_agg(json_build_array(l.vkforg_id, l.listed_since, l.target_stock, l.min_stock))
        from article_listing l where l.article_id = a.id) as listings
    from article a
    where a.firma_id = ${firmaId} and a.number = any(${numbers}::text[])`.execute(db);
  return result.rows;
}

export async function findCodeOwners(db: Db, firmaId: number, gtins: string[]) {
  if (gtins.length === 0) return [];
  const result = await sql<{ gtin14: string; article_id: number }>`select gtin14, article_id from article_code
    where firma_id = ${firmaId} and gtin14 = any(${gtins}::text[])`.execute(db);
  return result.rows;
}

export async function highestArticleId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('article')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export interface ArticleFields {
  id: number;
  import_hash: string;
  designation1: string;
  designation2: string;
  department: string;
  base_unit: string;
  scale_plu: string | null;
}

/** New master data for existing articles, stamped for the devices' delta sync and listed again. */
export async function updateArticles(db: Db, rows: ArticleFields[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof ArticleFields>(key: K) => rows.map((r) => r[key]);
  await sql`update article a set designation1 = v.designation1, designation2 = v.designation2,
      department = v.department, base_unit = v.base_unit, scale_plu = v.scale_plu, updated_at = now(), delisted_at = null,
      import_hash = v.import_hash, import_stamp = now()
    from unnest(${col('id')}::int4[], ${col('designation1')}::text[], ${col('designation2')}::text[],
      ${col('department')}::text[], ${col('base_unit')}::text[], ${col('scale_plu')}::text[], ${col('import_hash')}::text[])
      as v(id, designation1, designation2, department, base_unit, scale_plu, import_hash)
    where a.id = v.id`.execute(db);
}

/** The transaction's time as PostgreSQL writes it: what now() stamps, to stamp rows a COPY writes the same. */
export async function transactionTime(db: Db): Promise<string> {
  const result = await sql<{ now: string }>`select now()::text as now`.execute(db);
  return result.rows[0]?.now ?? '';
}

/**
 * Switches the read model's triggers off for the rest of the transaction (migration 20261125_0001: bulk loads
 * fill it themselves) and answers the setting before, for refreshArticleSummary to put back.
 */
export async function deferArticleSummary(db: Db): Promise<string> {
  const result = await sql<{
    before: string | null;
  }>`select current_setting('mde.article_summary_deferred', true) as before,
    set_config('mde.article_summary_deferred', 'on', true)`.execute(db);
  return result.rows[0]?.before ?? '';
}

/** The read model rows of the articles an import wrote, computed once; then the triggers as they were. */
export async function refreshArticleSummary(db: Db, articleIds: number[], settingBefore: string) {
  if (articleIds.length > 0) await sql`select article_summary_refresh(${articleIds}::int4[])`.execute(db);
  await sql`select set_config('mde.article_summary_deferred', ${settingBefore}, true)`.execute(db);
}

const DEPENDENT_TABLES = [
  'article_code',
  'article_unit',
  'article_price',
  'article_supplier',
  'article_listing',
] as const;

/** Codes, units, prices, supplier terms and listings of these articles, before they are written anew. */
/** Deletes what hangs off the articles, but the tables of lists the import leaves as stored. */
export async function deleteDependentRows(db: Db, articleIds: number[], keptTables: ReadonlySet<string> = new Set()) {
  if (articleIds.length === 0) return;
  for (const table of DEPENDENT_TABLES) {
    if (keptTables.has(table)) continue;
    await sql`delete from ${sql.table(table)} where article_id = any(${articleIds}::int4[])`.execute(db);
  }
}

export async function findPluOwners(db: Db, firmaId: number, plus: string[]) {
  if (plus.length === 0) return [];
  const result = await sql<{ scale_plu: string; id: number }>`select scale_plu, id from article
    where firma_id = ${firmaId} and scale_plu = any(${plus}::text[])`.execute(db);
  return result.rows;
}

/**
 * Marks the firma's articles a complete file no longer holds as delisted (never deleted: old documents keep
 * pointing at them), stamped for the devices' delta sync; returns how many.
 */
export async function delistArticlesNotIn(db: Db, firmaId: number, numbers: string[]): Promise<number> {
  const result = await sql`update article a set delisted_at = now(), updated_at = now()
    where a.firma_id = ${firmaId} and a.delisted_at is null
      and not exists (select 1 from unnest(${numbers}::text[]) as kept(number) where kept.number = a.number)`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** How many articles delistArticlesNotIn would delist (a dry run says so and changes nothing). */
export async function countArticlesNotIn(db: Db, firmaId: number, numbers: string[]): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from article a
    where a.firma_id = ${firmaId} and a.delisted_at is null
      and not exists (select 1 from unnest(${numbers}::text[]) as kept(number) where kept.number = a.number)`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}
