import {
  type ImportOpenOrderRow,
  type ImportRemovingResult,
  INTEGRATION_MSG,
  importOpenOrderRowSchema,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import * as orgRepo from '../org/org.service';
import type { BodyRow } from './import-body';
import type { ImportOptions } from './import-options';
import { Rejections, validateRows } from './import-rows';
import { classify, type KeyedRow } from './keyed-upsert';
import * as repo from './open-order-import.repository';
import { articleIdsOf } from './stock-import.repository';

const BATCH = 5000;

type Keyed = KeyedRow<repo.OpenOrderValues> & {
  firmaId: number;
  vkforgId: number;
  orderNumber: string;
  articleId: number;
};

/**
 * Open purchase order lines of a store, upserted by firma + store + order number + article number. A row equal to
 * the stored line writes nothing; quantity 0 removes the line (delivered or cancelled; a line not stored stays
 * unchanged). With `full` the request holds every open line of the stores it names: their other lines are
 * removed too, but only when no row of the request was refused (a refused row may be a line still open).
 */
export async function importOpenOrders(
  db: Db,
  rows: BodyRow[],
  options: ImportOptions = {},
): Promise<ImportRemovingResult> {
  const rejections = new Rejections();
  const valid = validateRows(importOpenOrderRowSchema, rows, rejections);
  const firmaIds = [...(await orgRepo.firmasIn(db, [...new Set(valid.map((v) => v.row.firma))]))];
  const stores = new Map((await orgRepo.storesOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.vkforg}`, s.id]));
  const suppliers = new Map((await orgRepo.suppliersOf(db, firmaIds)).map((s) => [`${s.firma_id}|${s.number}`, s.id]));
  const totals = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  const seen = new Set<string>();
  for (let start = 0; start < valid.length; start += BATCH) {
    const batch = valid.slice(start, start + BATCH);
    const articleIds = new Map<string, number>();
    for (const firmaId of firmaIds) {
      const numbers = batch.filter((v) => v.row.firma === firmaId).map((v) => v.row.article);
      for (const a of await articleIdsOf(db, firmaId, numbers)) articleIds.set(`${firmaId}|${a.number}`, a.id);
    }
    const units = new Set(
      (await repo.unitsOf(db, [...new Set(articleIds.values())])).map((u) => `${u.article_id}|${u.unit}`),
    );
    const keyed: Keyed[] = [];
    const removals: Keyed[] = [];
    for (const { index, row } of batch) {
      const line = lineOf(index, row, { firmaIds, stores, suppliers, articleIds, units }, rejections);
      if (!line) continue;
      if (seen.has(line.key)) {
        rejections.add(index, '_', INTEGRATION_MSG.keyTwice);
        continue;
      }
      seen.add(line.key);
      (row.quantity === 0 ? removals : keyed).push(line);
    }
    const storedLines = await repo.storedOpenOrders(db, [...new Set([...keyed, ...removals].map((k) => k.articleId))]);
    const stored = new Map(
      storedLines.map((s) => [
        `${s.vkforg_id}|${s.order_number}|${s.article_id}`,
        {
          id: Number(s.id),
          values: {
            supplier_id: s.supplier_id,
            order_date: s.order_date,
            quantity: Number(s.quantity),
            unit: s.unit,
            delivery_date: s.delivery_date,
          },
        },
      ]),
    );
    const c = classify(keyed, stored, rejections);
    const changed = [...c.inserts, ...c.updates.map((u) => u.row)] as Keyed[];
    await repo.upsertOpenOrders(
      db,
      changed.map((k) => ({
        ...k.values,
        firma_id: k.firmaId,
        vkforg_id: k.vkforgId,
        order_number: k.orderNumber,
        article_id: k.articleId,
      })),
    );
    const gone = removals.flatMap((r) => stored.get(r.key)?.id ?? []);
    await repo.deleteOpenOrders(db, gone);
    totals.inserted += c.inserts.length;
    totals.updated += c.updates.length;
    totals.unchanged += c.unchanged + removals.length - gone.length;
    totals.removed += gone.length;
  }
  if (options.full && rejections.list.length === 0) {
    const kept = new KeptOpenOrders();
    for (const { row } of valid) kept.add(row);
    totals.removed += await kept.removeOthers(db, { remove: true });
  }
  const list = rejections.sorted();
  return { ...totals, rejected: list.length, rejections: list };
}

/** The stored form of a row, or undefined when it names something unknown (then refused with the reason). */
function lineOf(
  index: number,
  row: ImportOpenOrderRow,
  known: {
    firmaIds: number[];
    stores: Map<string, number>;
    suppliers: Map<string, number>;
    articleIds: Map<string, number>;
    units: Set<string>;
  },
  rejections: Rejections,
): Keyed | undefined {
  const refuse = (field: string, message: string) => {
    rejections.add(index, field, message);
    return undefined;
  };
  if (!known.firmaIds.includes(row.firma)) return refuse('firma', INTEGRATION_MSG.firmaUnknown);
  const articleId = known.articleIds.get(`${row.firma}|${row.article}`);
  const vkforgId = known.stores.get(`${row.firma}|${row.vkforg}`);
  if (articleId === undefined) return refuse('article', INTEGRATION_MSG.articleUnknown);
  if (vkforgId === undefined) return refuse('vkforg', INTEGRATION_MSG.vkforgUnknown);
  const key = `${vkforgId}|${row.orderNumber}|${articleId}`;
  const line = { index, key, firmaId: row.firma, vkforgId, orderNumber: row.orderNumber, articleId };
  // A removal names only its line; a line still open needs a known supplier and one of the article's units.
  if (row.quantity === 0) {
    return { ...line, values: { supplier_id: 0, order_date: '', quantity: 0, unit: '', delivery_date: null } };
  }
  const supplierId = known.suppliers.get(`${row.firma}|${row.supplier}`);
  if (supplierId === undefined) return refuse('supplier', INTEGRATION_MSG.supplierUnknown);
  if (!known.units.has(`${articleId}|${row.unit}`)) return refuse('unit', INTEGRATION_MSG.unitUnknown);
  return {
    ...line,
    // At most three decimals (the row schema refuses more): stored and compared as sent, never rounded.
    values: {
      supplier_id: supplierId,
      order_date: row.orderDate ?? '',
      quantity: row.quantity,
      unit: row.unit ?? '',
      delivery_date: row.deliveryDate,
    },
  };
}

/** The order lines a complete delivery keeps, per store: firma + vkforg number → order number + article number. */
export class KeptOpenOrders {
  private readonly stores = new Map<
    string,
    { store: { firma: number; vkforg: string }; keep: { orderNumber: string; article: string }[] }
  >();

  /** A row as sent (a CSV record's row); one that does not fit the row schema keeps nothing. */
  addSent(value: unknown) {
    const parsed = importOpenOrderRowSchema.safeParse(value);
    if (parsed.success) this.add(parsed.data);
  }

  add(row: ImportOpenOrderRow) {
    const id = `${row.firma}|${row.vkforg}`;
    const entry = this.stores.get(id) ?? { store: { firma: row.firma, vkforg: row.vkforg }, keep: [] };
    entry.keep.push({ orderNumber: row.orderNumber, article: row.article });
    this.stores.set(id, entry);
  }

  /** Removes (or with `remove: false` counts) every other line of the stores named; how many. */
  async removeOthers(db: Db, options: { remove: boolean }): Promise<number> {
    let removed = 0;
    for (const { store, keep } of this.stores.values()) removed += await repo.openOrdersNotIn(db, store, keep, options);
    return removed;
  }
}
