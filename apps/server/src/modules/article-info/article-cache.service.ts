import { type ArticleCachePage, type ArticleCacheQuery, type CachedArticle, displayGtin } from '@mde/contracts';
import type { Db } from '../../db/database';
import * as repo from './article-cache.repository';
import type { Scope } from './article-summary.repository';

function groupBy<T extends { article_id: number }>(rows: T[]) {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.article_id, [...(map.get(row.article_id) ?? []), row]);
  return map;
}

/**
 * One page of the offline article cache (issue 4 point 4): the session vkforg's listed articles in a
 * compact form, in id order; with `changedSince` only what changed since then plus removed ids.
 */
export async function articleCachePage(db: Db, scope: Scope, query: ArticleCacheQuery): Promise<ArticleCachePage> {
  const snapshotAt = (await repo.databaseNow(db)) ?? new Date();
  const cursor = query.cursor ? Number(query.cursor) : 0;
  const since = query.changedSince ? new Date(query.changedSince) : null;
  const rows = since
    ? await repo.changedAfter(db, scope, cursor, query.limit + 1, since)
    : await repo.listedAfter(db, scope, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const listed = page.filter((r) => r.listed);
  const ids = listed.map((r) => r.id);
  const [codes, units, prices, stock] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          repo.codesOf(db, scope, ids),
          repo.unitsOf(db, scope, ids),
          repo.pricesOf(db, scope, ids),
          repo.stockOf(db, scope, ids),
        ]);
  const codesBy = groupBy(codes);
  const unitsBy = groupBy(units);
  const stockBy = groupBy(stock);
  const priceBy = new Map(prices.map((p) => [p.article_id, p.price_cents]));
  const items: CachedArticle[] = listed.map((a) => {
    const articleStock = (stockBy.get(a.id) ?? []).map((s) => ({
      warehouseId: s.warehouse_id,
      quantity: Number(s.quantity),
    }));
    return {
      idartstamm: a.id,
      number: a.number,
      designation1: a.designation1,
      designation2: a.designation2,
      department: a.department,
      baseUnit: a.base_unit,
      codes: (codesBy.get(a.id) ?? []).map((c) => ({
        gtin14: c.gtin14,
        code: displayGtin(c.gtin14, c.code_type),
        unit: c.unit,
        factor: Number(c.factor),
      })),
      scalePlu: a.scale_plu,
      units: (unitsBy.get(a.id) ?? []).map((u) => ({
        unit: u.unit,
        factor: Number(u.factor),
        weightGrams: u.weight_grams,
        isBase: u.is_base,
      })),
      priceCents: priceBy.get(a.id) ?? null,
      stockTotal: Math.round(articleStock.reduce((sum, s) => sum + s.quantity, 0) * 1000) / 1000,
      stock: articleStock,
      updatedAt: new Date(a.updated_at).toISOString(),
    };
  });
  const last = page.at(-1);
  return {
    items,
    removedIds: page.filter((r) => !r.listed).map((r) => r.id),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    snapshotAt: new Date(snapshotAt).toISOString(),
  };
}
