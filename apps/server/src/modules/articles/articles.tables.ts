import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 20261121_0010_articles.sql (declaration merging into the platform Database).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Quantity = ColumnType<number, number | string, number | string>;
/** A quantity column with a SQL default: optional on insert. */
type DefaultQuantity = ColumnType<number, number | string | undefined, number | string>;
type DefaultBool = ColumnType<boolean, boolean | undefined, boolean>;
type DefaultInt = ColumnType<number, number | undefined, number>;

export interface ArticleTable {
  id: number;
  firma_id: number;
  number: string;
  designation1: string;
  designation2: ColumnType<string, string | undefined, string>;
  department: string;
  base_unit: string;
  scale_plu: string | null;
  search_text: ColumnType<string, never, never>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set when a complete import (--full) no longer contained the article; it is never deleted. */
  delisted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What the last import wrote (hash) and when: an unchanged re-import needs no full comparison. */
  import_hash: ColumnType<string | null, string | null | undefined, string | null>;
  import_stamp: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface ArticleCodeTable {
  firma_id: number;
  gtin14: string;
  article_id: number;
  code_type: 'ean8' | 'upc_e' | 'upc_a' | 'ean13' | 'gtin14';
  unit: string;
  factor: Quantity;
}
export interface ArticleUnitTable {
  firma_id: number;
  article_id: number;
  unit: string;
  factor: Quantity;
  weight_grams: number | null;
  is_base: DefaultBool;
}
export interface ArticleListingTable {
  firma_id: number;
  vkforg_id: number;
  article_id: number;
  listed_since: string;
  target_stock: DefaultQuantity;
  min_stock: DefaultQuantity;
}
export interface ArticlePriceTable {
  firma_id: number;
  vkforg_id: number;
  article_id: number;
  scale: number;
  min_quantity: Quantity;
  unit: string;
  per: DefaultInt;
  price_cents: number;
  valid_from: string;
}
export interface ArticleStockTable {
  firma_id: number;
  vkforg_id: number;
  warehouse_id: number;
  article_id: number;
  quantity: DefaultQuantity;
  dispo_quantity: DefaultQuantity;
  order_quantity: DefaultQuantity;
  next_delivery: string | null;
}
/** Read model of migration 20261125_0001, kept by triggers: one row per article and vkforg it is listed in. */
export interface ArticleSummaryTable {
  article_id: number;
  vkforg_id: number;
  firma_id: number;
  number: string;
  designation1: string;
  designation2: string;
  department: string;
  base_unit: string;
  scale_plu: string | null;
  main_code: string | null;
  price_cents: number | null;
  stock_total: number | null;
}
export interface StorageLocationTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  warehouse_id: number;
  code: string;
  name: string;
  // Lagerplatz-Artikel (migration 20261126_0100): zone, kind and barcode of the location.
  zone: ColumnType<string, string | undefined, string>;
  location_type: ColumnType<
    'shelf' | 'pallet' | 'cold',
    'shelf' | 'pallet' | 'cold' | undefined,
    'shelf' | 'pallet' | 'cold'
  >;
  barcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** Optimistic locking of admin edits (migration 20261129_0201). */
  version: Generated<number>;
}
export interface ArticleLocationTable {
  firma_id: number;
  location_id: number;
  article_id: number;
  quantity: DefaultQuantity;
  min_quantity: DefaultQuantity;
  max_quantity: DefaultQuantity;
  // Lagerplatz-Artikel: optimistic concurrency (migration 20261126_0100).
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface SupplierTable {
  id: number;
  firma_id: number;
  number: string;
  name: string;
}
export interface ArticleSupplierTable {
  firma_id: number;
  article_id: number;
  supplier_id: number;
  supplier_article_number: string;
  min_order_quantity: Quantity;
  order_unit: string;
  order_factor: Quantity;
  is_main: DefaultBool;
}
export interface ArticleOpenOrderTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  article_id: number;
  supplier_id: number;
  order_number: string;
  order_date: string;
  quantity: Quantity;
  unit: string;
  delivery_date: string | null;
}
export interface ArticleTurnoverTable {
  firma_id: number;
  vkforg_id: number;
  article_id: number;
  first_month: string;
  amount_cents: number[];
  quantity: number[];
}
export interface FavoriteListTable {
  id: Generated<number>;
  firma_id: number;
  user_id: number;
  name: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}
export interface FavoriteListArticleTable {
  list_id: number;
  article_id: number;
  added_at: Generated<Date>;
}
export interface SearchHistoryTable {
  id: Generated<number>;
  firma_id: number;
  user_id: number;
  term: string | null;
  article_id: number | null;
  created_at: Generated<Date>;
}

declare module '../../db/schema' {
  interface Database {
    article: ArticleTable;
    article_code: ArticleCodeTable;
    article_unit: ArticleUnitTable;
    article_listing: ArticleListingTable;
    article_price: ArticlePriceTable;
    article_stock: ArticleStockTable;
    article_summary: ArticleSummaryTable;
    storage_location: StorageLocationTable;
    article_location: ArticleLocationTable;
    supplier: SupplierTable;
    article_supplier: ArticleSupplierTable;
    article_open_order: ArticleOpenOrderTable;
    article_turnover: ArticleTurnoverTable;
    favorite_list: FavoriteListTable;
    favorite_list_article: FavoriteListArticleTable;
    search_history: SearchHistoryTable;
  }
}
