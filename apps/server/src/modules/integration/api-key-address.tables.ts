import type { Generated } from 'kysely';

/** The addresses an API key has been used from (migration 20261129_0401). */
export interface ApiKeyAddressTable {
  api_key_id: number;
  address: string;
  first_used_at: Generated<Date>;
}

declare module '../../db/schema' {
  interface Database {
    api_key_address: ApiKeyAddressTable;
  }
}
