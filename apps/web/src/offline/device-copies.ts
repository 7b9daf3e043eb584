import type { Table } from 'dexie';

/**
 * The last server answer of something a capture needs, kept on the device for the user it was fetched for:
 * after one online login a shift without network still has its accounts, warehouses, module config and
 * suppliers. Rows carry their owner, so another user on the same device never reads them.
 */
export interface DeviceCopyRow {
  owner: number;
  /** What the answer is, with the context it belongs to, e.g. 'warehouses:1:11'. */
  key: string;
  value: unknown;
  savedAt: string;
}

type CopyTable = Table<DeviceCopyRow, [number, string]>;

export async function readDeviceCopy<T>(table: CopyTable, owner: number, key: string): Promise<T | undefined> {
  return (await table.get([owner, key]))?.value as T | undefined;
}

export async function writeDeviceCopy(table: CopyTable, owner: number, key: string, value: unknown): Promise<void> {
  await table.put({ owner, key, value, savedAt: new Date().toISOString() });
}
