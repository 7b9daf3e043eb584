import type { CaptureModule, DocumentVariant, GeoPosition, ReturnReason } from '@mde/contracts';
import type { ColumnType, Generated } from 'kysely';
import '../articles/articles.tables';

// Kysely types of migration 20261121_0030_captures.sql (declaration merging into the platform Database).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Quantity = ColumnType<number, number | string, number | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CaptureTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  account_id: number;
  user_id: number;
  module: CaptureModule;
  status: Generated<'open' | 'exported'>;
  datum: string | null;
  lager: number | null;
  belegdatum: string | null;
  supplier_id: number | null;
  art: ColumnType<DocumentVariant | null, DocumentVariant | null | undefined, DocumentVariant | null>;
  document_id: ColumnType<number | null, number | null | undefined, number | null>;
  header_updated_at: Timestamp | null;
  header_device_id: string | null;
  version: Generated<number>;
  export_key: string | null;
  export_result: Json<unknown> | null;
  created_at: Generated<Date>;
  exported_at: Timestamp | null;
}
export interface CaptureLineTable {
  id: Generated<number>;
  capture_id: number;
  firma_id: number;
  user_id: number;
  client_id: string;
  article_id: number;
  quantity: Quantity;
  unit: string;
  factor: Quantity;
  storage_location: string | null;
  reason: ReturnReason | null;
  batch: string | null;
  best_before: string | null;
  warnings: Json<string[]>;
  captured_at: Timestamp;
  client_updated_at: Timestamp;
  device_id: string | null;
  deleted: boolean;
  version: number;
  document_id: number | null;
  updated_at: Timestamp;
}
export interface CaptureDocumentTable {
  id: Generated<number>;
  firma_id: number;
  vkforg_id: number;
  user_id: number;
  module: CaptureModule;
  capture_id: number;
  number: string;
  supplier_id: number | null;
  edi: boolean | null;
  datum: string | null;
  lager: number | null;
  belegdatum: string | null;
  result: Json<unknown> | null;
  position: ColumnType<GeoPosition | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}
export interface CaptureNumberCounterTable {
  firma_id: number;
  module: CaptureModule;
  year: number;
  last_number: number;
}
export interface CaptureDeviceTable {
  user_id: number;
  device_id: string;
  last_seq: number;
  last_seen_at: Timestamp;
}
export interface CaptureChangeTable {
  user_id: number;
  device_id: string;
  seq: number;
  answer: Json<unknown>;
  created_at: Generated<Date>;
}

declare module '../../db/schema' {
  interface Database {
    capture: CaptureTable;
    capture_line: CaptureLineTable;
    capture_document: CaptureDocumentTable;
    capture_number_counter: CaptureNumberCounterTable;
    capture_device: CaptureDeviceTable;
    capture_change: CaptureChangeTable;
  }
}
