import { round3 } from '@mde/contracts';
import type { Insertable } from 'kysely';
import type {
  ArticleCodeTable,
  ArticleListingTable,
  ArticleLocationTable,
  ArticleOpenOrderTable,
  ArticlePriceTable,
  ArticleStockTable,
  ArticleSupplierTable,
  ArticleTable,
  ArticleTurnoverTable,
  ArticleUnitTable,
} from '../modules/articles/articles.tables';
import { SEASONALITY } from './article-catalogue';
import type { ArticleDraft } from './article-draft';
import type { Random } from './random';

export interface VkforgLayout {
  id: number;
  /** First = sales floor (shelf locations), second = back store (deliveries), third = cold store. */
  warehouseIds: readonly number[];
  locationIds: ReadonlyMap<number, readonly number[]>;
}

export interface FirmaLayout {
  firmaId: number;
  seed: number;
  count: number;
  idStart: number;
  numberStart: number;
  /** Reference day 'YYYY-MM-DD': listings, deliveries and turnover months are relative to it. */
  today: string;
  vkforgs: readonly VkforgLayout[];
  supplierIds: readonly number[];
}

export interface ArticleBatch {
  article: Insertable<ArticleTable>[];
  article_code: Insertable<ArticleCodeTable>[];
  article_unit: Insertable<ArticleUnitTable>[];
  article_listing: Insertable<ArticleListingTable>[];
  article_price: Insertable<ArticlePriceTable>[];
  article_stock: Insertable<ArticleStockTable>[];
  article_location: Insertable<ArticleLocationTable>[];
  article_supplier: Insertable<ArticleSupplierTable>[];
  article_open_order: Insertable<ArticleOpenOrderTable>[];
  article_turnover: Insertable<ArticleTurnoverTable>[];
}

export const emptyBatch = (): ArticleBatch => ({
  article: [],
  article_code: [],
  article_unit: [],
  article_listing: [],
  article_price: [],
  article_stock: [],
  article_location: [],
  article_supplier: [],
  article_open_order: [],
  article_turnover: [],
});

const DAY = 86_400_000;
export const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString().slice(0, 10);
const roundPrice = (cents: number) => Math.max(9, Math.floor(cents / 10) * 10 + 9);

const monthCache = new Map<string, string[]>();

/** The 24 full months before `today`, oldest first, as 'YYYY-MM-01'. */
export function turnoverMonths(today: string): string[] {
  const cached = monthCache.get(today);
  if (cached) return cached;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const months = Array.from({ length: 24 }, (_, i) =>
    new Date(Date.UTC(year, month - 24 + i, 1)).toISOString().slice(0, 10),
  );
  monthCache.set(today, months);
  return months;
}

// Stores price differently: the second store is a little dearer, the third a little cheaper.
const STORE_PRICE_FACTOR = [1, 1.04, 0.98];

export function pricesFor(draft: ArticleDraft, vkforgIndex: number, rng: Random) {
  const base = roundPrice(draft.basePriceCents * (STORE_PRICE_FACTOR[vkforgIndex % 3] ?? 1));
  const price = draft.fixed ? draft.basePriceCents : base;
  const scales = [{ scale: 1, minQuantity: 1, priceCents: price }];
  if (draft.baseUnit !== 'kg' && (draft.fixed || rng.chance(0.4))) {
    const min = draft.caseFactor > 1 ? draft.caseFactor : 6;
    scales.push({ scale: 2, minQuantity: min, priceCents: roundPrice(price * 0.95) });
    if (rng.chance(0.35)) scales.push({ scale: 3, minQuantity: min * 4, priceCents: roundPrice(price * 0.9) });
  }
  return scales;
}

function stockFor(draft: ArticleDraft, target: number, rng: Random) {
  if (rng.chance(0.05) && !draft.fixed) return 0;
  const value = target * rng.float(0.2, 1.1);
  return draft.baseUnit === 'kg' ? round3(value) : Math.round(value);
}

/** Appends the rows of one article (all vkforgs of its firma) to the batch. */
export function relationRows(draft: ArticleDraft, layout: FirmaLayout, rng: Random, batch: ArticleBatch) {
  const firma_id = layout.firmaId;
  const article_id = draft.id;
  batch.article.push({
    id: article_id,
    firma_id,
    number: draft.number,
    designation1: draft.designation1,
    designation2: draft.designation2,
    department: draft.department.name,
    base_unit: draft.baseUnit,
    scale_plu: draft.scalePlu,
  });
  for (const code of draft.codes) {
    batch.article_code.push({
      firma_id,
      article_id,
      gtin14: code.gtin14,
      code_type: code.type,
      unit: code.unit,
      factor: code.factor,
    });
  }
  for (const unit of draft.units) {
    batch.article_unit.push({
      firma_id,
      article_id,
      unit: unit.unit,
      factor: unit.factor,
      weight_grams: unit.weightGrams,
      is_base: unit.isBase,
    });
  }
  const hasCase = draft.units.some((u) => u.unit === 'Karton');
  const orderUnit = hasCase ? 'Karton' : draft.baseUnit;
  const orderFactor = hasCase ? draft.caseFactor : 1;
  const candidates = draft.department.suppliers.flatMap((i) => layout.supplierIds[i] ?? []);
  const supplierCount = Math.min(candidates.length, rng.int(1, 3));
  const supplierIds: number[] = [];
  for (let s = 0; s < supplierCount; s++) {
    const supplier_id = candidates[s] ?? 0;
    supplierIds.push(supplier_id);
    batch.article_supplier.push({
      firma_id,
      article_id,
      supplier_id,
      supplier_article_number: `${String(supplier_id % 1000).padStart(3, '0')}-${String(draft.index * 13 + s).padStart(7, '0')}`,
      min_order_quantity: rng.int(1, 5),
      order_unit: orderUnit,
      order_factor: orderFactor,
      is_main: s === 0,
    });
  }
  const months = turnoverMonths(layout.today);
  const season = SEASONALITY[draft.department.name];
  layout.vkforgs.forEach((vkforg, v) => {
    const listed = draft.onlyVkforgs
      ? draft.onlyVkforgs.includes(vkforg.id)
      : draft.fixed || rng.chance(v === 0 ? 0.97 : 0.85);
    if (!listed) return;
    const vkforg_id = vkforg.id;
    const target = Math.max(orderFactor, Math.ceil((draft.monthlyRate * 0.6) / orderFactor) * orderFactor);
    batch.article_listing.push({
      firma_id,
      vkforg_id,
      article_id,
      listed_since: addDays(layout.today, -rng.int(30, 1500)),
      target_stock: target,
      min_stock: Math.ceil(target / 3),
    });
    const validFrom = addDays(layout.today, -rng.int(1, 200));
    const scales = pricesFor(draft, v, rng);
    for (const s of scales) {
      batch.article_price.push({
        firma_id,
        vkforg_id,
        article_id,
        scale: s.scale,
        min_quantity: s.minQuantity,
        unit: draft.baseUnit,
        per: 1,
        price_cents: s.priceCents,
        valid_from: validFrom,
      });
    }
    let ordered = 0;
    const deliveries: string[] = [];
    const orders = draft.fixed ? 1 : rng.chance(0.15) ? rng.int(1, 2) : 0;
    for (let o = 0; o < orders; o++) {
      const quantity = rng.int(1, 6);
      const delivery = addDays(layout.today, rng.int(1, 14) + o * 7);
      ordered += quantity * orderFactor;
      deliveries.push(delivery);
      batch.article_open_order.push({
        firma_id,
        vkforg_id,
        article_id,
        supplier_id: supplierIds[0] ?? 0,
        order_number: `B${vkforg_id}${String(article_id).padStart(9, '0')}${o}`,
        order_date: addDays(layout.today, -rng.int(1, 10)),
        quantity,
        unit: orderUnit,
        delivery_date: delivery,
      });
    }
    const nextDelivery = deliveries.sort()[0] ?? null;
    const warehouses = vkforg.warehouseIds.filter((_, w) => w < 2 || draft.department.cold);
    warehouses.forEach((warehouse_id, w) => {
      const quantity = stockFor(draft, w === 0 ? target * 0.5 : target, rng);
      const reserved = draft.baseUnit === 'kg' ? 0 : Math.floor(quantity * rng.float(0, 0.1));
      batch.article_stock.push({
        firma_id,
        vkforg_id,
        warehouse_id,
        article_id,
        quantity,
        dispo_quantity: quantity - reserved,
        order_quantity: w === 1 ? ordered : 0,
        next_delivery: w === 1 ? nextDelivery : null,
      });
    });
    const floor = vkforg.warehouseIds[0];
    const locations = floor === undefined ? undefined : vkforg.locationIds.get(floor);
    if (locations && locations.length > 0) {
      const max = Math.max(orderFactor * 2, Math.ceil(target * 0.6));
      batch.article_location.push({
        firma_id,
        location_id: locations[(draft.index * 7 + v) % locations.length] ?? 0,
        article_id,
        quantity: Math.min(max, stockFor(draft, target * 0.5, rng)),
        min_quantity: Math.ceil(max / 4),
        max_quantity: max,
      });
    }
    const price = scales[0]?.priceCents ?? draft.basePriceCents;
    const storeRate = draft.monthlyRate * rng.float(0.7, 1.3);
    const amounts: number[] = [];
    const quantities: number[] = [];
    months.forEach((month, m) => {
      const growth = m < 12 ? 0.93 : 1;
      const seasonal = season?.[Number(month.slice(5, 7)) - 1] ?? 1;
      const raw = storeRate * seasonal * growth * rng.float(0.75, 1.25);
      const quantity = draft.baseUnit === 'kg' ? round3(raw) : Math.round(raw);
      quantities.push(quantity);
      amounts.push(Math.round(quantity * price * (m < 12 ? 0.97 : 1)));
    });
    batch.article_turnover.push({
      firma_id,
      vkforg_id,
      article_id,
      first_month: months[0] ?? layout.today,
      amount_cents: amounts,
      quantity: quantities,
    });
  });
}
