import Dexie, { type EntityTable, type Table } from 'dexie';
import { renameCaptureModuleKeys } from './module-keys-upgrade';
import {
  CAPTURE_DB_NAME,
  type CaptureArticleRow,
  type CaptureExportRow,
  type CaptureHeaderRow,
  type CaptureLineRow,
  type DeviceRow,
  listOrderOf,
  type OutboxEntry,
  type RejectedEntry,
  type UnresolvedCodeRow,
} from './rows';

/**
 * Captured work lives in its own database with strict durability: a line shown as saved is on disk, even if
 * the tab is killed right after. The article cache stays in the relaxed 'mde' database,
 * where bulk writes are fast. Logout never clears this database; every row carries its owner.
 */
export class CaptureDatabase extends Dexie {
  lines!: EntityTable<CaptureLineRow, 'clientId'>;
  headers!: EntityTable<CaptureHeaderRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  rejected!: EntityTable<RejectedEntry, 'id'>;
  exports!: EntityTable<CaptureExportRow, 'exportKey'>;
  articles!: Table<CaptureArticleRow, [string, number, number]>;
  unresolved!: EntityTable<UnresolvedCodeRow, 'id'>;
  device!: EntityTable<DeviceRow, 'key'>;

  constructor(name = CAPTURE_DB_NAME) {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      lines: '&clientId, [owner+module+vkforgId], [owner+module+vkforgId+articleId]',
      headers: '&key',
      outbox: '++id, owner, clientId',
      rejected: '++id, owner',
      exports: '&exportKey, [owner+module+vkforgId]',
      articles: '[module+vkforgId+idartstamm]',
      unresolved: '++id, [owner+module+vkforgId]',
      device: '&key',
    });
    // The badge counts waiting lines per user from keys alone, without reading every entry.
    this.version(2).stores({ outbox: '++id, owner, clientId, [owner+clientId]' });
    // The list reads its newest rows and the badge counts waiting lines by key, instead of reading the whole
    // capture and outbox after every scan (the scan-to-line bench).
    this.version(3)
      .stores({
        lines:
          '&clientId, [owner+module+vkforgId], [owner+module+vkforgId+articleId], [owner+module+vkforgId+listOrder], [owner+state]',
        exports: '&exportKey, [owner+module+vkforgId], [owner+state]',
        // The badge no longer reads outbox keys: one index less to write with every scan.
        outbox: '++id, owner, clientId',
      })
      .upgrade((tx) =>
        tx
          .table<CaptureLineRow>('lines')
          .toCollection()
          .modify((l) => {
            l.listOrder = listOrderOf(l);
          }),
      );
    // Capture modules are keyed by their glossary name ('inventory-count'), no longer by their route.
    this.version(4)
      .stores({})
      .upgrade((tx) => renameCaptureModuleKeys(tx));
  }
}

export const captureDb = new CaptureDatabase();
