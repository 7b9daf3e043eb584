import type { StoredClaimsHeader, UserContext } from '@mde/contracts';
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { ArticleCacheMeta, ArticleCacheRow } from './article-cache/rows';
import type { ScanListRow } from './article-cache/scan-list';
import type { DeviceCopyRow } from './device-copies';

/** docs/spec.md §7: claims for the logged-in username, taken from the context fields; sent as the claims header. */
export type StoredClaims = StoredClaimsHeader;

/**
 * The one browser database of the app. Other subsystems add tables by adding a higher
 * `this.version(n).stores({...})` below (Dexie keeps earlier versions' tables).
 * Logout clears only the tables listed in SESSION_TABLES, never data waiting to be synced.
 */
export class MdeDatabase extends Dexie {
  claims!: EntityTable<StoredClaims, 'username'>;
  /** The last user context, so a reload without network still starts the app. */
  userContext!: EntityTable<UserContext, 'username'>;
  /** Offline article cache of the current vkforg (offline/article-cache). */
  articleCache!: Table<ArticleCacheRow, [number, number]>;
  articleCacheMeta!: EntityTable<ArticleCacheMeta, 'vkforgId'>;
  /** Artikel-Info scan list, kept across reloads. */
  articleScanList!: EntityTable<ScanListRow, 'key'>;
  /** The last answers a capture needs (accounts, warehouses, module config, …) per user (offline/device-copies). */
  deviceCopies!: Table<DeviceCopyRow, [number, string]>;

  constructor(name = 'mde') {
    super(name);
    this.version(1).stores({ claims: 'username', userContext: 'username' });
    this.version(2).stores({
      articleCache: '[vkforgId+idartstamm], *keys',
      articleCacheMeta: 'vkforgId',
      articleScanList: 'key, vkforgId',
    });
    this.version(3).stores({ deviceCopies: '[owner+key], owner' });
  }
}

export const db = new MdeDatabase();

/** Tables that belong to the logged-in session and are emptied on logout. */
export const SESSION_TABLES = ['claims', 'userContext', 'articleScanList'] as const;
