import { sql } from 'kysely';
import { intArrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';

/** One stored month of an article's turnover in a store. */
export interface StoredMonth {
  article_id: number;
  vkforg_id: number;
  /** 'YYYY-MM' */
  month: string;
  amount_cents: number;
  quantity: number;
}

/**
 * Every stored month of the articles' turnover, per store (arrays unnested so both drivers parse numbers; the
 * table keeps one row per article and store, element i of its arrays being month first_month + i).
 */
export async function storedMonths(db: Db, articleIds: number[]): Promise<StoredMonth[]> {
  if (articleIds.length === 0) return [];
  const result = await sql<StoredMonth>`
    select t.article_id, t.vkforg_id,
           to_char(t.first_month + make_interval(months => (m.i - 1)::int), 'YYYY-MM') as month,
           m.amount_cents, m.quantity
      from article_turnover t
      cross join lateral unnest(t.amount_cents, t.quantity) with ordinality as m(amount_cents, quantity, i)
     where t.article_id = any(${intArrayLiteral(articleIds)}::int4[])`.execute(db);
  return result.rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), quantity: Number(r.quantity) }));
}

/** The whole row of an article and store: consecutive months from first_month ('YYYY-MM-01'). */
export interface TurnoverRow {
  firma_id: number;
  vkforg_id: number;
  article_id: number;
  first_month: string;
  amount_cents: number[];
  quantity: number[];
}

/** Writes new and changed rows in one statement, each with its arrays as PostgreSQL array literals. */
export async function upsertTurnover(db: Db, rows: TurnoverRow[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof TurnoverRow>(key: K) => rows.map((r) => r[key]);
  const arrays = (key: 'amount_cents' | 'quantity') => rows.map((r) => `{${r[key].map(String).join(',')}}`);
  await sql`insert into article_turnover (firma_id, vkforg_id, article_id, first_month, amount_cents, quantity)
    select f, v, a, m, ac::bigint[], q::numeric[]
      from unnest(${col('firma_id')}::int4[], ${col('vkforg_id')}::int4[], ${col('article_id')}::int4[],
        ${col('first_month')}::date[], ${arrays('amount_cents')}::text[], ${arrays('quantity')}::text[])
        as x(f, v, a, m, ac, q)
    on conflict (article_id, vkforg_id) do update set firma_id = excluded.firma_id,
      first_month = excluded.first_month, amount_cents = excluded.amount_cents, quantity = excluded.quantity`.execute(
    db,
  );
}
