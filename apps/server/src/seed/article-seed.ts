import { sql } from 'kysely';
import { type BulkTable, bulkInsert } from '../db/bulk-insert';
import type { Db } from '../db/database';
import { SUPPLIER_NAMES } from './article-catalogue';
import { FIRMA2_ID_START, generateArticleBatches } from './article-generator';
import type { ArticleBatch, FirmaLayout, VkforgLayout } from './article-relations';

export interface ArticleSeedOptions {
  /** Articles of firma 1; firma 2 gets a tenth (at least 50). */
  articles: number;
  seed?: number;
  /** Reference day 'YYYY-MM-DD' (default: today). */
  today?: string;
  /** Articles generated and written per round. */
  batchSize?: number;
  /**
   * Wrap each batch in its own transaction (scale CLI). The seed at start-up already runs in one.
   * Inside one transaction the updated_at triggers skip rows just inserted, so bulk loads stay cheap.
   */
  transactionPerBatch?: boolean;
  onProgress?: (firmaId: number, done: number, total: number) => void;
}

const BATCH_TABLES: readonly (keyof ArticleBatch & BulkTable)[] = [
  'article',
  'article_code',
  'article_unit',
  'article_listing',
  'article_price',
  'article_stock',
  'article_location',
  'article_supplier',
  'article_open_order',
  'article_turnover',
];

function locationRows(firmaId: number, vkforgId: number, warehouseId: number, salesFloor: boolean) {
  const aisles = salesFloor ? 12 : 6;
  const rows = [];
  let n = 0;
  for (let aisle = 1; aisle <= aisles; aisle++) {
    for (let shelf = 1; shelf <= 8; shelf++) {
      for (let level = 1; level <= 4; level++) {
        const a = String(aisle).padStart(2, '0');
        const s = String(shelf).padStart(2, '0');
        n++;
        rows.push({
          id: warehouseId * 1000 + n,
          firma_id: firmaId,
          vkforg_id: vkforgId,
          warehouse_id: warehouseId,
          code: `${a}-${s}-${level}`,
          name: `Gang ${a}, Regal ${s}, Ebene ${level}`,
        });
      }
    }
  }
  return rows;
}

async function firmaLayout(db: Db, firmaId: number, count: number, idStart: number, options: ArticleSeedOptions) {
  const warehouses = await db
    .selectFrom('warehouse')
    .select(['id', 'vkforg_id'])
    .where('firma_id', '=', firmaId)
    .orderBy('vkforg_id')
    .orderBy('id')
    .execute();
  const byVkforg = new Map<number, number[]>();
  for (const w of warehouses) byVkforg.set(w.vkforg_id, [...(byVkforg.get(w.vkforg_id) ?? []), w.id]);
  const vkforgs: VkforgLayout[] = [];
  for (const [vkforgId, warehouseIds] of byVkforg) {
    const locationIds = new Map<number, number[]>();
    const rows = warehouseIds.flatMap((warehouseId, i) => locationRows(firmaId, vkforgId, warehouseId, i === 0));
    await bulkInsert(db, 'storage_location', rows);
    for (const row of rows) locationIds.set(row.warehouse_id, [...(locationIds.get(row.warehouse_id) ?? []), row.id]);
    vkforgs.push({ id: vkforgId, warehouseIds, locationIds });
  }
  const supplierStart = firmaId * 1000 + 1;
  const suppliers = SUPPLIER_NAMES.map((name, i) => ({
    id: supplierStart + i,
    firma_id: firmaId,
    number: `L${String(70_000 + i * 17).padStart(6, '0')}`,
    name,
  }));
  await bulkInsert(db, 'supplier', suppliers);
  const layout: FirmaLayout = {
    firmaId,
    seed: (options.seed ?? 4711) + firmaId,
    count,
    idStart,
    numberStart: 100_001,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    vkforgs,
    supplierIds: suppliers.map((s) => s.id),
  };
  return layout;
}

/**
 * The tables' triggers would recompute the read model article_summary once per table (migration
 * 20261125_0001); they are off for this transaction and the batch's rows are written once at the end.
 */
async function writeBatch(db: Db, batch: ArticleBatch) {
  await sql`select set_config('mde.article_summary_deferred', 'on', true)`.execute(db);
  for (const table of BATCH_TABLES) await bulkInsert(db, table, batch[table]);
  await sql`select article_summary_fill(${batch.article.map((a) => a.id)}::int[])`.execute(db);
  await sql`select set_config('mde.article_summary_deferred', '', true)`.execute(db);
}

/** Demo and scale articles for firma 1 and firma 2, with suppliers and storage locations. */
export async function seedArticles(db: Db, options: ArticleSeedOptions) {
  if (options.articles <= 0) return;
  const firmas = [
    { firmaId: 1, count: options.articles, idStart: 1 },
    { firmaId: 2, count: Math.max(50, Math.round(options.articles / 10)), idStart: FIRMA2_ID_START },
  ];
  for (const firma of firmas) {
    const layout = await firmaLayout(db, firma.firmaId, firma.count, firma.idStart, options);
    let done = 0;
    for (const batch of generateArticleBatches(layout, options.batchSize ?? 1000)) {
      if (options.transactionPerBatch || !db.isTransaction) {
        await db.transaction().execute((trx) => writeBatch(trx, batch));
      } else {
        await writeBatch(db, batch);
      }
      done += batch.article.length;
      options.onProgress?.(firma.firmaId, done, firma.count);
    }
  }
  // Explicit ids were inserted; later inserts (Lagerplatz-Artikel) continue after them.
  await sql`select setval(pg_get_serial_sequence('storage_location', 'id'), (select max(id) from storage_location))`.execute(
    db,
  );
}
