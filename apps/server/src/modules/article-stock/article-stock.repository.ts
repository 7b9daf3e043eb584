import { sql } from 'kysely';
import type { Db } from '../../db/database';

// The stock of an article per warehouse (article_stock): set by the ERP's stock import, raised by a booked
// delivery note. The article's timestamp follows by trigger (delta sync).

/** The booked quantity arrives in the warehouse's stock (one row per article and warehouse). */
export async function addStock(
  db: Db,
  rows: { firma_id: number; vkforg_id: number; warehouse_id: number; article_id: number; quantity: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('article_stock')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['article_id', 'warehouse_id'])
        .doUpdateSet({ quantity: sql`article_stock.quantity + excluded.quantity` }),
    )
    .execute();
}

export interface StockValues {
  quantity: number;
  dispo_quantity: number;
  order_quantity: number;
  next_delivery: string | null;
}

export async function storedStock(db: Db, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom('article_stock')
    .select(['article_id', 'warehouse_id', 'quantity', 'dispo_quantity', 'order_quantity', 'next_delivery'])
    .where('article_id', 'in', articleIds)
    .execute();
}

export interface StockRow extends StockValues {
  firma_id: number;
  vkforg_id: number;
  warehouse_id: number;
  article_id: number;
}

/** Writes new and changed stock rows in one statement; the article's timestamp follows by trigger (delta sync). */
export async function upsertStock(db: Db, rows: StockRow[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof StockRow>(key: K) => rows.map((r) => r[key]);
  await sql`insert into article_stock
      (firma_id, vkforg_id, warehouse_id, article_id, quantity, dispo_quantity, order_quantity, next_delivery)
    select * from unnest(${col('firma_id')}::int4[], ${col('vkforg_id')}::int4[], ${col('warehouse_id')}::int4[],
      ${col('article_id')}::int4[], ${col('quantity')}::numeric[], ${col('dispo_quantity')}::numeric[],
      ${col('order_quantity')}::numeric[], ${col('next_delivery')}::date[])
    on conflict (article_id, warehouse_id) do update set quantity = excluded.quantity,
      dispo_quantity = excluded.dispo_quantity, order_quantity = excluded.order_quantity,
      next_delivery = excluded.next_delivery`.execute(db);
}
