import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | null, never>;

/** Append-only (migration 20261129_0001): rows are inserted, never updated or deleted. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  firma_id: number | null;
  /** The firmas of an object of several (an API key, a webhook); an admin holding all of them reads the entry. */
  firma_ids: ColumnType<number[] | null, number[] | null | undefined, never>;
  actor_user_id: number | null;
  actor_api_key_id: number | null;
  actor: string;
  address: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  before: Json;
  after: Json;
}

declare module '../../db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
