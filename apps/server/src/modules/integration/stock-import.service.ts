import { type ImportResult, INTEGRATION_MSG, importStockRowSchema } from '@mde/contracts';
import type { Db } from '../../db/database';
import { type StockValues, storedStock, upsertStock } from '../article-stock/article-stock.service';
import * as orgRepo from '../org/org.service';
import type { BodyRow } from './import-body';
import { Rejections, validateRows } from './import-rows';
import { classify, type KeyedRow } from './keyed-upsert';
import * as repo from './stock-import.repository';

const BATCH = 5000;

/**
 * Stock per article and warehouse, upserted by firma + article number + store + warehouse number. A row equal
 * to the stored one writes nothing; a changed one reaches the devices through the article's timestamp.
 */
export async function importStock(db: Db, rows: BodyRow[]): Promise<ImportResult> {
  const rejections = new Rejections();
  const valid = validateRows(importStockRowSchema, rows, rejections);
  const firmaIds = [...(await orgRepo.firmasIn(db, [...new Set(valid.map((v) => v.row.firma))]))];
  const stores = new Map((await orgRepo.storesOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.vkforg}`, s.id]));
  const warehouses = new Map(
    (await orgRepo.warehousesOf(db, firmaIds)).map((w) => [`${w.vkforg_id}|${w.number}`, w.id]),
  );
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  const seen = new Set<string>();
  for (let start = 0; start < valid.length; start += BATCH) {
    const batch = valid.slice(start, start + BATCH);
    const articleIds = new Map<string, number>();
    for (const firmaId of firmaIds) {
      const numbers = batch.filter((v) => v.row.firma === firmaId).map((v) => v.row.article);
      for (const a of await repo.articleIdsOf(db, firmaId, numbers)) articleIds.set(`${firmaId}|${a.number}`, a.id);
    }
    const keyed: (KeyedRow<StockValues> & {
      firmaId: number;
      vkforgId: number;
      warehouseId: number;
      articleId: number;
    })[] = [];
    for (const { index, row } of batch) {
      if (!firmaIds.includes(row.firma)) {
        rejections.add(index, 'firma', INTEGRATION_MSG.firmaUnknown);
        continue;
      }
      const articleId = articleIds.get(`${row.firma}|${row.article}`);
      const vkforgId = stores.get(`${row.firma}|${row.vkforg}`);
      const warehouseId = vkforgId === undefined ? undefined : warehouses.get(`${vkforgId}|${row.warehouse}`);
      if (articleId === undefined) rejections.add(index, 'article', INTEGRATION_MSG.articleUnknown);
      else if (vkforgId === undefined) rejections.add(index, 'vkforg', INTEGRATION_MSG.vkforgUnknown);
      else if (warehouseId === undefined) rejections.add(index, 'warehouse', INTEGRATION_MSG.warehouseUnknown);
      else {
        const key = `${articleId}|${warehouseId}`;
        if (seen.has(key)) {
          rejections.add(index, '_', INTEGRATION_MSG.keyTwice);
          continue;
        }
        seen.add(key);
        const values = {
          // At most three decimals (the row schema refuses more): stored and compared as sent, never rounded.
          quantity: row.quantity,
          dispo_quantity: row.dispoQuantity,
          order_quantity: row.orderQuantity,
          next_delivery: row.nextDelivery,
        };
        keyed.push({ index, key, values, firmaId: row.firma, vkforgId, warehouseId, articleId });
      }
    }
    const stored = new Map(
      (await storedStock(db, [...new Set(keyed.map((k) => k.articleId))])).map((s) => [
        `${s.article_id}|${s.warehouse_id}`,
        {
          id: 0,
          values: {
            quantity: s.quantity,
            dispo_quantity: s.dispo_quantity,
            order_quantity: s.order_quantity,
            next_delivery: s.next_delivery,
          },
        },
      ]),
    );
    const c = classify(keyed, stored, rejections);
    const changed = [...c.inserts, ...c.updates.map((u) => u.row)] as typeof keyed;
    await upsertStock(
      db,
      changed.map((k) => ({
        ...k.values,
        firma_id: k.firmaId,
        vkforg_id: k.vkforgId,
        warehouse_id: k.warehouseId,
        article_id: k.articleId,
      })),
    );
    totals.inserted += c.inserts.length;
    totals.updated += c.updates.length;
    totals.unchanged += c.unchanged;
  }
  const list = rejections.sorted();
  return { ...totals, rejected: list.length, rejections: list };
}
