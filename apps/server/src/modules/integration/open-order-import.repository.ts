import { sql } from 'kysely';
import { textArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';

/** The articles' units, for the unit an order line's quantity is in. */
export async function unitsOf(db: Db, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  return db.selectFrom('article_unit').select(['article_id', 'unit']).where('article_id', 'in', articleIds).execute();
}

export interface OpenOrderValues {
  supplier_id: number;
  order_date: string;
  quantity: number;
  unit: string;
  delivery_date: string | null;
}

export async function storedOpenOrders(db: Db, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom('article_open_order')
    .select([
      'id',
      'vkforg_id',
      'order_number',
      'article_id',
      'supplier_id',
      'order_date',
      'quantity',
      'unit',
      'delivery_date',
    ])
    .where('article_id', 'in', articleIds)
    .execute();
}

export interface OpenOrderRow extends OpenOrderValues {
  firma_id: number;
  vkforg_id: number;
  order_number: string;
  article_id: number;
}

/** Writes new and changed order lines in one statement, by store + order number + article. */
export async function upsertOpenOrders(db: Db, rows: OpenOrderRow[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof OpenOrderRow>(key: K) => rows.map((r) => r[key]);
  await sql`insert into article_open_order
      (firma_id, vkforg_id, order_number, article_id, supplier_id, order_date, quantity, unit, delivery_date)
    select * from unnest(${col('firma_id')}::int4[], ${col('vkforg_id')}::int4[], ${col('order_number')}::text[],
      ${col('article_id')}::int4[], ${col('supplier_id')}::int4[], ${col('order_date')}::date[],
      ${col('quantity')}::numeric[], ${col('unit')}::text[], ${col('delivery_date')}::date[])
    on conflict (vkforg_id, order_number, article_id) do update set firma_id = excluded.firma_id,
      supplier_id = excluded.supplier_id, order_date = excluded.order_date, quantity = excluded.quantity,
      unit = excluded.unit, delivery_date = excluded.delivery_date`.execute(db);
}

export async function deleteOpenOrders(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('article_open_order').where('id', 'in', ids).execute();
}

/**
 * The order lines of a store (firma + vkforg number) that are not among `keep` (order number + article number):
 * removed, or only counted (`remove: false`, a dry run). Returns how many.
 */
export async function openOrdersNotIn(
  db: Db,
  store: { firma: number; vkforg: string },
  keep: { orderNumber: string; article: string }[],
  options: { remove: boolean },
): Promise<number> {
  const orders = textArrayLiteral(keep.map((k) => k.orderNumber));
  const articles = textArrayLiteral(keep.map((k) => k.article));
  const lines = sql`select o.id from article_open_order o
      join vkforg v on v.id = o.vkforg_id
      join article a on a.id = o.article_id
     where v.firma_id = ${store.firma} and v.vkforg = ${store.vkforg}
       and (o.order_number, a.number) not in (select * from unnest(${orders}::text[], ${articles}::text[]))`;
  const result = options.remove
    ? await sql<{ n: number }>`with gone as (delete from article_open_order where id in (${lines}) returning 1)
        select count(*)::int as n from gone`.execute(db)
    : await sql<{ n: number }>`select count(*)::int as n from (${lines}) l`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
