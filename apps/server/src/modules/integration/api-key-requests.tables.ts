import type { ColumnType, Generated } from 'kysely';

/** The request log of the API keys (migration 20261204_0601): written by api-key-request-log.ts. */
export interface ApiKeyRequestTable {
  id: Generated<number>;
  api_key_id: number;
  at: ColumnType<Date, Date | string, never>;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
}

declare module '../../db/schema' {
  interface Database {
    api_key_request: ApiKeyRequestTable;
  }
}
