import type { GoodsReceiptStatus } from '@mde/contracts';
import type { ColumnType, Generated } from 'kysely';
import '../articles/articles.tables';

// Kysely types of migration 20261126_0300_receiving_documents.sql (declaration merging into the platform Database).
type Quantity = ColumnType<number, number | string, number | string>;
type DateColumn = ColumnType<string, string, string>;

export interface PurchaseOrderTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  supplier_id: number;
  number: string;
  reference_number: string | null;
  order_date: DateColumn;
  delivery_date: DateColumn;
  barcode: string | null;
  created_at: Generated<Date>;
}
export interface PurchaseOrderLineTable {
  order_id: number;
  line_no: number;
  firma_id: number;
  article_id: number;
  unit: string;
  factor: Quantity;
  quantity: Quantity;
}
export interface GoodsReceiptTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  supplier_id: number;
  number: string;
  reference_number: string | null;
  order_id: number | null;
  receipt_date: DateColumn;
  status: ColumnType<GoodsReceiptStatus, GoodsReceiptStatus | undefined, GoodsReceiptStatus>;
  barcode: string | null;
  created_at: Generated<Date>;
  // Lieferscheine (migration 20261126_0302): booking.
  warehouse_id: ColumnType<number | null, number | null | undefined, number | null>;
  booked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  booked_by: ColumnType<number | null, number | null | undefined, number | null>;
  booked_change_id: ColumnType<string | null, string | null | undefined, string | null>;
  // Import from an ERP or EDI link (migration 20261127_0100): the link's Idempotency-Key.
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface GoodsReceiptLineTable {
  receipt_id: number;
  line_no: number;
  firma_id: number;
  article_id: number;
  unit: string;
  factor: Quantity;
  quantity: Quantity;
}

export interface GoodsReceiptCountTable {
  receipt_id: number;
  article_id: number;
  firma_id: number;
  counted: Quantity;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export interface GoodsReceiptChangeTable {
  receipt_id: number;
  change_id: string;
  user_id: number;
  created_at: Generated<Date>;
  // Migration 20261128_1002: what the change asked for, so its id cannot carry another request.
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface GoodsReceiptBookingLineTable {
  receipt_id: number;
  article_id: number;
  firma_id: number;
  expected: Quantity;
  booked: Quantity;
  difference: Quantity;
}

declare module '../../db/schema' {
  interface Database {
    goods_receipt_count: GoodsReceiptCountTable;
    goods_receipt_change: GoodsReceiptChangeTable;
    goods_receipt_booking_line: GoodsReceiptBookingLineTable;
    purchase_order: PurchaseOrderTable;
    purchase_order_line: PurchaseOrderLineTable;
    goods_receipt: GoodsReceiptTable;
    goods_receipt_line: GoodsReceiptLineTable;
  }
}
