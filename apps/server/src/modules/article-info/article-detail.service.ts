import {
  ARTICLE_ERROR_CODES,
  ARTICLE_MSG,
  type ArticleDetail,
  type ArticleSection,
  addQuantities,
  displayGtin,
  type TurnoverMonth,
} from '@mde/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Scope } from '../articles/article-scope';
import * as repo from './article-detail.repository';

type Article = NonNullable<Awaited<ReturnType<typeof repo.findListedArticle>>>;
const num = (v: number | string | null) => (v === null ? 0 : Number(v));

/** The article when it belongs to the session's firma and is listed in its vkforg; else 404. */
export async function requireArticle(db: Db, scope: Scope, id: number): Promise<Article> {
  const article = await repo.findListedArticle(db, scope, id);
  if (!article) throw new AppError(404, ARTICLE_ERROR_CODES.notFound, ARTICLE_MSG.articleNotFound);
  return article;
}

/** The article's stock rows, one per warehouse of the scope's vkforg (the order proposal sums them). */
export const stockRows = (db: Db, scope: Scope, id: number) => repo.listStock(db, scope, id);

/** The article's open supplier orders in the scope's vkforg (the order proposal counts them in). */
export const openOrderRows = (db: Db, scope: Scope, id: number) => repo.listOpenOrders(db, scope, id);

async function general(db: Db, scope: Scope, article: Article) {
  const [codes, listings] = await Promise.all([
    repo.listCodes(db, scope, article.id),
    repo.listListings(db, scope, article.id),
  ]);
  return {
    idartstamm: article.id,
    number: article.number,
    designation1: article.designation1,
    designation2: article.designation2,
    department: article.department,
    baseUnit: article.base_unit,
    scalePlu: article.scale_plu,
    codes: codes.map((c) => ({
      code: displayGtin(c.gtin14, c.code_type),
      gtin14: c.gtin14,
      type: c.code_type,
      unit: c.unit,
      factor: Number(c.factor),
    })),
    listings: listings.map((l) => ({
      vkforgId: l.id,
      vkforg: l.vkforg,
      name: l.kurzbezeichnung,
      listed: l.listed_since !== null,
      listedSince: l.listed_since,
      targetStock: l.target_stock === null ? null : Number(l.target_stock),
    })),
  };
}

async function prices(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listPrices(db, scope, article.id);
  return rows.map((p) => ({
    scale: p.scale,
    minQuantity: Number(p.min_quantity),
    unit: p.unit,
    per: p.per,
    priceCents: p.price_cents,
    validFrom: p.valid_from,
  }));
}

async function stock(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listStock(db, scope, article.id);
  const warehouses = rows.map((s) => ({
    warehouseId: s.id,
    warehouseNumber: s.number,
    warehouseName: s.name,
    quantity: num(s.quantity),
    dispoQuantity: num(s.dispo_quantity),
    orderQuantityTotal: num(s.order_quantity),
    nextDeliveryDate: s.next_delivery,
  }));
  const sum = (pick: (w: (typeof warehouses)[number]) => number) =>
    warehouses.reduce((total, w) => addQuantities(total, pick(w)), 0);
  return {
    unit: article.base_unit,
    warehouses,
    total: {
      quantity: sum((w) => w.quantity),
      dispoQuantity: sum((w) => w.dispoQuantity),
      orderQuantityTotal: sum((w) => w.orderQuantityTotal),
    },
  };
}

async function units(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listUnits(db, scope, article.id);
  return rows.map((u) => ({ unit: u.unit, factor: Number(u.factor), weightGrams: u.weight_grams, isBase: u.is_base }));
}

async function locations(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listLocations(db, scope, article.id);
  return rows.map((l) => ({
    locationId: l.id,
    code: l.code,
    name: l.name,
    warehouseId: l.warehouse_id,
    warehouseName: l.warehouse_name,
    quantity: Number(l.quantity),
    minQuantity: Number(l.min_quantity),
    maxQuantity: Number(l.max_quantity),
  }));
}

async function suppliers(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listSuppliers(db, scope, article.id);
  return rows.map((s) => ({
    supplierId: s.id,
    supplierNumber: s.number,
    name: s.name,
    supplierArticleNumber: s.supplier_article_number,
    minOrderQuantity: Number(s.min_order_quantity),
    orderUnit: s.order_unit,
    orderFactor: Number(s.order_factor),
    isMain: s.is_main,
  }));
}

async function openOrders(db: Db, scope: Scope, article: Article) {
  const rows = await repo.listOpenOrders(db, scope, article.id);
  return rows.map((o) => ({
    orderNumber: o.order_number,
    supplierName: o.supplier_name,
    orderDate: o.order_date,
    quantity: Number(o.quantity),
    unit: o.unit,
    deliveryDate: o.delivery_date,
  }));
}

/** The newest 12 stored months, newest first, each against the same month a year earlier (docs/spec.md §3 turnover). */
async function turnover(db: Db, scope: Scope, article: Article): Promise<TurnoverMonth[]> {
  const rows = await repo.listTurnover(db, scope, article.id);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const previousOf = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  return rows
    .slice(-12)
    .reverse()
    .map((r) => {
      const previous = byMonth.get(previousOf(r.month));
      return {
        month: r.month,
        amountCents: Number(r.amount_cents),
        quantity: Number(r.quantity),
        previousYearAmountCents: previous ? Number(previous.amount_cents) : null,
        previousYearQuantity: previous ? Number(previous.quantity) : null,
      };
    });
}

const SECTIONS = {
  general,
  prices,
  stock,
  units,
  locations,
  suppliers,
  'open-orders': openOrders,
  turnover,
} as const;

export async function loadSection(db: Db, scope: Scope, id: number, section: ArticleSection) {
  const article = await requireArticle(db, scope, id);
  return SECTIONS[section](db, scope, article);
}

/** Every section at once; the queries run one after another (PGlite has one connection anyway). */
export async function loadDetail(db: Db, scope: Scope, id: number): Promise<ArticleDetail> {
  const article = await requireArticle(db, scope, id);
  return {
    general: await general(db, scope, article),
    prices: await prices(db, scope, article),
    stock: await stock(db, scope, article),
    units: await units(db, scope, article),
    locations: await locations(db, scope, article),
    suppliers: await suppliers(db, scope, article),
    openOrders: await openOrders(db, scope, article),
    turnover: await turnover(db, scope, article),
  };
}
