import type { ColumnType } from 'kysely';

/** One row per device and user (migrations 20261129_0301, 20261202_0301, 20261205_0301), replaced by each of their reports. */
export interface DeviceStatusTable {
  device_id: string;
  user_id: number;
  firma_id: number;
  vkforg_id: number;
  last_contact_at: ColumnType<Date, Date | string | undefined, Date | string>;
  app_version: string;
  waiting: number;
  set_aside: number;
  cache_refreshed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  user_agent: string;
  platform_name: ColumnType<string, string | undefined, string>;
}

declare module '../../db/schema' {
  interface Database {
    device_status: DeviceStatusTable;
  }
}
