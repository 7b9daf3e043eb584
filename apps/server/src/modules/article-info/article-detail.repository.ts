import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from '../articles/article-scope';
import '../articles/articles.tables';

export async function findListedArticle(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('article as a')
    .innerJoin('article_listing as l', (join) =>
      join.onRef('l.article_id', '=', 'a.id').on('l.vkforg_id', '=', scope.vkforgId),
    )
    .where('a.id', '=', id)
    .where('a.firma_id', '=', scope.firmaId)
    .select(['a.id', 'a.number', 'a.designation1', 'a.designation2', 'a.department', 'a.base_unit', 'a.scale_plu'])
    .executeTakeFirst();
}

export const listCodes = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_code')
    .select(['gtin14', 'code_type', 'unit', 'factor'])
    .where('article_id', '=', id)
    .where('firma_id', '=', scope.firmaId)
    .orderBy('factor')
    .orderBy('code_type')
    .orderBy('gtin14')
    .execute();

/** Every vkforg of the firma with the article's listing there, if any. */
export const listListings = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('vkforg as v')
    .leftJoin('article_listing as l', (join) => join.onRef('l.vkforg_id', '=', 'v.id').on('l.article_id', '=', id))
    .where('v.firma_id', '=', scope.firmaId)
    .select(['v.id', 'v.vkforg', 'v.kurzbezeichnung', 'l.listed_since', 'l.target_stock'])
    .orderBy('v.id')
    .execute();

export const listPrices = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_price')
    .select(['scale', 'min_quantity', 'unit', 'per', 'price_cents', 'valid_from'])
    .where('article_id', '=', id)
    .where('vkforg_id', '=', scope.vkforgId)
    .orderBy('scale')
    .execute();

export const listStock = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('warehouse as w')
    .innerJoin('article_stock as s', (join) => join.onRef('s.warehouse_id', '=', 'w.id').on('s.article_id', '=', id))
    .where('w.vkforg_id', '=', scope.vkforgId)
    .where('w.firma_id', '=', scope.firmaId)
    .select(['w.id', 'w.number', 'w.name', 's.quantity', 's.dispo_quantity', 's.order_quantity', 's.next_delivery'])
    .orderBy('w.number')
    .execute();

export const listUnits = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_unit')
    .select(['unit', 'factor', 'weight_grams', 'is_base'])
    .where('article_id', '=', id)
    .where('firma_id', '=', scope.firmaId)
    .orderBy('factor')
    .execute();

export const listLocations = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_location as al')
    .innerJoin('storage_location as sl', 'sl.id', 'al.location_id')
    .innerJoin('warehouse as w', 'w.id', 'sl.warehouse_id')
    .where('al.article_id', '=', id)
    .where('sl.vkforg_id', '=', scope.vkforgId)
    .where('sl.firma_id', '=', scope.firmaId)
    .select([
      'sl.id',
      'sl.code',
      'sl.name',
      'w.id as warehouse_id',
      'w.name as warehouse_name',
      'al.quantity',
      'al.min_quantity',
      'al.max_quantity',
    ])
    .orderBy('w.number')
    .orderBy('sl.code')
    .execute();

export const listSuppliers = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_supplier as x')
    .innerJoin('supplier as s', 's.id', 'x.supplier_id')
    .where('x.article_id', '=', id)
    .where('x.firma_id', '=', scope.firmaId)
    .select([
      's.id',
      's.number',
      's.name',
      'x.supplier_article_number',
      'x.min_order_quantity',
      'x.order_unit',
      'x.order_factor',
      'x.is_main',
    ])
    .orderBy('x.is_main', 'desc')
    .orderBy('s.name')
    .execute();

export const listOpenOrders = (db: Db, scope: Scope, id: number) =>
  db
    .selectFrom('article_open_order as o')
    .innerJoin('supplier as s', 's.id', 'o.supplier_id')
    .where('o.article_id', '=', id)
    .where('o.vkforg_id', '=', scope.vkforgId)
    .where('o.firma_id', '=', scope.firmaId)
    .select(['o.order_number', 's.name as supplier_name', 'o.order_date', 'o.quantity', 'o.unit', 'o.delivery_date'])
    .orderBy('o.delivery_date')
    .orderBy('o.order_number')
    .execute();

/** The stored months of the vkforg, oldest first (arrays unnested so both drivers parse numbers). */
export async function listTurnover(db: Db, scope: Scope, id: number) {
  const result = await sql<{ month: string; amount_cents: number; quantity: number }>`
    select to_char(t.first_month + make_interval(months => (m.i - 1)::int), 'YYYY-MM') as month,
           m.amount_cents, m.quantity
      from article_turnover t
      cross join lateral unnest(t.amount_cents, t.quantity) with ordinality as m(amount_cents, quantity, i)
     where t.article_id = ${id} and t.vkforg_id = ${scope.vkforgId} and t.firma_id = ${scope.firmaId}
     order by m.i`.execute(db);
  return result.rows;
}
