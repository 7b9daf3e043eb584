import type { GtinType } from '@mde/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from './article-scope';

/** [id, number, designation1, designation2, department, base_unit, scale_plu, updated_at, listed] */
export type CacheArticleTuple = [number, string, string, string, string, string, string | null, string, boolean];
/** [article_id, gtin14, code_type, unit, factor] */
export type CacheCodeTuple = [number, string, GtinType, string, number];
/** [article_id, unit, factor, weight_grams, is_base] */
export type CacheUnitTuple = [number, string, number, number | null, boolean];
/** [article_id, price_cents] */
export type CachePriceTuple = [number, number];
/** [article_id, warehouse_id, quantity] */
export type CacheStockTuple = [number, number, number];

export interface CachePageData {
  articles: CacheArticleTuple[] | null;
  codes: CacheCodeTuple[] | null;
  units: CacheUnitTuple[] | null;
  prices: CachePriceTuple[] | null;
  stock: CacheStockTuple[] | null;
  now: Date;
}

/**
 * One cache page in one statement: the page's articles and, for the listed ones, codes, units, scale-1
 * price and stock, each table aggregated into one JSON array. PGlite turns every result row into a JS
 * object field by field, which made a 1,000-article page (six row sets, ~8,000 rows) cost more than
 * running its queries; one row of JSON arrays is parsed natively (the lookup bench). The related rows are
 * read by id range (index range scans) and matched to the page's listed ids.
 */
function pageQuery(db: Db, scope: Scope, articles: RawBuilder<unknown>) {
  return sql<CachePageData>`with page as (${articles}),
    wanted as (select id from page where listed),
    bounds as (select min(id) as lo, max(id) as hi from wanted)
  select
    (select json_agg(json_build_array(p.id, p.number, p.designation1, p.designation2, p.department, p.base_unit,
        p.scale_plu, p.updated_at, p.listed) order by p.id) from page p) as articles,
    (select json_agg(json_build_array(c.article_id, c.gtin14, c.code_type, c.unit, c.factor)
        order by c.article_id, c.factor, c.code_type, c.gtin14)
       from article_code c, bounds b
      where c.firma_id = ${scope.firmaId} and c.article_id between b.lo and b.hi
        and c.article_id in (select id from wanted)) as codes,
    (select json_agg(json_build_array(u.article_id, u.unit, u.factor, u.weight_grams, u.is_base)
        order by u.article_id, u.factor)
       from article_unit u, bounds b
      where u.firma_id = ${scope.firmaId} and u.article_id between b.lo and b.hi
        and u.article_id in (select id from wanted)) as units,
    (select json_agg(json_build_array(r.article_id, r.price_cents))
       from article_price r, bounds b
      where r.vkforg_id = ${scope.vkforgId} and r.scale = 1 and r.article_id between b.lo and b.hi
        and r.article_id in (select id from wanted)) as prices,
    (select json_agg(json_build_array(s.article_id, s.warehouse_id, s.quantity) order by s.article_id, s.warehouse_id)
       from article_stock s, bounds b
      where s.vkforg_id = ${scope.vkforgId} and s.article_id between b.lo and b.hi
        and s.article_id in (select id from wanted)) as stock,
    now() as now`
    .execute(db)
    .then((result) => result.rows[0] as CachePageData);
}

/** Full sync: the vkforg's listed articles after `cursor` in id order (a delisted one is listed nowhere). */
export const listedPage = (db: Db, scope: Scope, cursor: number, limit: number) =>
  pageQuery(
    db,
    scope,
    sql`select a.id, a.number, a.designation1, a.designation2, a.department, a.base_unit, a.scale_plu,
        a.updated_at, true as listed
      from article a join article_listing l on l.article_id = a.id and l.vkforg_id = ${scope.vkforgId}
     where a.firma_id = ${scope.firmaId} and a.id > ${cursor} and a.delisted_at is null
     order by a.id limit ${limit}`,
  );

/**
 * Delta: the firma's articles changed since `since` (minus a minute of overlap for transactions that
 * committed after they stamped updated_at), listed or not, so those no longer listed (or delisted by the ERP)
 * can be removed.
 */
export const changedPage = (db: Db, scope: Scope, cursor: number, limit: number, since: Date) =>
  pageQuery(
    db,
    scope,
    sql`select a.id, a.number, a.designation1, a.designation2, a.department, a.base_unit, a.scale_plu,
        a.updated_at, l.article_id is not null and a.delisted_at is null as listed
      from article a left join article_listing l on l.article_id = a.id and l.vkforg_id = ${scope.vkforgId}
     where a.firma_id = ${scope.firmaId} and a.id > ${cursor}
       and a.updated_at > ${since.toISOString()}::timestamptz - interval '1 minute'
     order by a.id limit ${limit}`,
  );
