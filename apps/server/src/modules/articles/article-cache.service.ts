import {
  type ArticleCachePage,
  type ArticleCacheQuery,
  addQuantities,
  type CachedArticle,
  displayGtin,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import * as repo from './article-cache.repository';
import type { Scope } from './article-scope';

/** Groups tuples whose first element is the article id. */
function byArticle<T extends [number, ...unknown[]]>(rows: T[] | null) {
  const map = new Map<number, T[]>();
  for (const row of rows ?? []) {
    const list = map.get(row[0]);
    if (list) list.push(row);
    else map.set(row[0], [row]);
  }
  return map;
}

// JSON renders timestamptz as '2026-11-22T00:40:05.329+00:00'; the contract carries ISO UTC.
const isoUtc = (value: string) => new Date(value).toISOString();

/**
 * One page of the offline article cache: the session vkforg's listed articles in a
 * compact form, in id order; with `changedSince` only what changed since then plus removed ids.
 */
export async function articleCachePage(db: Db, scope: Scope, query: ArticleCacheQuery): Promise<ArticleCachePage> {
  const cursor = query.cursor ? Number(query.cursor) : 0;
  const since = query.changedSince ? new Date(query.changedSince) : null;
  const data = since
    ? await repo.changedPage(db, scope, cursor, query.limit + 1, since)
    : await repo.listedPage(db, scope, cursor, query.limit + 1);
  const rows = data.articles ?? [];
  const page = rows.slice(0, query.limit);
  const codesBy = byArticle(data.codes);
  const unitsBy = byArticle(data.units);
  const stockBy = byArticle(data.stock);
  const priceBy = new Map((data.prices ?? []).map(([id, cents]) => [id, cents]));
  const items: CachedArticle[] = page
    .filter((a) => a[8])
    .map(([id, number, designation1, designation2, department, baseUnit, scalePlu, updatedAt]) => {
      const stock = (stockBy.get(id) ?? []).map(([, warehouseId, quantity]) => ({
        warehouseId,
        quantity: Number(quantity),
      }));
      return {
        idartstamm: id,
        number,
        designation1,
        designation2,
        department,
        baseUnit,
        codes: (codesBy.get(id) ?? []).map(([, gtin14, codeType, unit, factor]) => ({
          gtin14,
          code: displayGtin(gtin14, codeType),
          unit,
          factor: Number(factor),
        })),
        scalePlu,
        units: (unitsBy.get(id) ?? []).map(([, unit, factor, weightGrams, isBase]) => ({
          unit,
          factor: Number(factor),
          weightGrams,
          isBase,
        })),
        priceCents: priceBy.get(id) ?? null,
        stockTotal: stock.reduce((sum, s) => addQuantities(sum, s.quantity), 0),
        stock,
        updatedAt: isoUtc(updatedAt),
      };
    });
  const last = page.at(-1);
  return {
    items,
    removedIds: page.filter((a) => !a[8]).map((a) => a[0]),
    nextCursor: rows.length > query.limit && last ? String(last[0]) : null,
    snapshotAt: new Date(data.now).toISOString(),
  };
}
