import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Scope } from './article-summary.repository';
import './article-info.schema';

const articleColumns = [
  'a.id',
  'a.number',
  'a.designation1',
  'a.designation2',
  'a.department',
  'a.base_unit',
  'a.scale_plu',
  'a.updated_at',
] as const;

/** Full sync: the vkforg's listed articles after `cursor` in id order. */
export const listedAfter = (db: Db, scope: Scope, cursor: number, limit: number) =>
  db
    .selectFrom('article as a')
    .innerJoin('article_listing as l', (join) =>
      join.onRef('l.article_id', '=', 'a.id').on('l.vkforg_id', '=', scope.vkforgId),
    )
    .where('a.firma_id', '=', scope.firmaId)
    .where('a.id', '>', cursor)
    .select([...articleColumns, sql<boolean>`true`.as('listed')])
    .orderBy('a.id')
    .limit(limit)
    .execute();

/**
 * Delta: the firma's articles changed since `since` (minus a minute of overlap for transactions that
 * committed after they stamped updated_at), listed or not, so delisted ones can be removed.
 */
export const changedAfter = (db: Db, scope: Scope, cursor: number, limit: number, since: Date) =>
  db
    .selectFrom('article as a')
    .leftJoin('article_listing as l', (join) =>
      join.onRef('l.article_id', '=', 'a.id').on('l.vkforg_id', '=', scope.vkforgId),
    )
    .where('a.firma_id', '=', scope.firmaId)
    .where('a.id', '>', cursor)
    .where('a.updated_at', '>', sql<Date>`${since.toISOString()}::timestamptz - interval '1 minute'`)
    .select([...articleColumns, sql<boolean>`l.article_id is not null`.as('listed')])
    .orderBy('a.id')
    .limit(limit)
    .execute();

export const databaseNow = async (db: Db) => (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]?.now;

export const codesOf = (db: Db, scope: Scope, ids: number[]) =>
  db
    .selectFrom('article_code')
    .select(['article_id', 'gtin14', 'code_type', 'unit', 'factor'])
    .where('firma_id', '=', scope.firmaId)
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('factor')
    .orderBy('code_type')
    .orderBy('gtin14')
    .execute();

export const unitsOf = (db: Db, scope: Scope, ids: number[]) =>
  db
    .selectFrom('article_unit')
    .select(['article_id', 'unit', 'factor', 'weight_grams', 'is_base'])
    .where('firma_id', '=', scope.firmaId)
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('factor')
    .execute();

export const pricesOf = (db: Db, scope: Scope, ids: number[]) =>
  db
    .selectFrom('article_price')
    .select(['article_id', 'price_cents'])
    .where('vkforg_id', '=', scope.vkforgId)
    .where('scale', '=', 1)
    .where('article_id', 'in', ids)
    .execute();

export const stockOf = (db: Db, scope: Scope, ids: number[]) =>
  db
    .selectFrom('article_stock')
    .select(['article_id', 'warehouse_id', 'quantity'])
    .where('vkforg_id', '=', scope.vkforgId)
    .where('article_id', 'in', ids)
    .orderBy('article_id')
    .orderBy('warehouse_id')
    .execute();
