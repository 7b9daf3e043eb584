// The article cache sync's own thread: the JSON of each page, the rows and IndexedDB's writes never hold up
// the page, so a scan typed while the cache fills is read whole.
import { db } from '../db';
import type { FromSyncWorker, SyncPort, ToSyncWorker } from './sync-messages';
import { serveCacheSync } from './sync-worker-serve';
import { workerFetchPage } from './worker-page-fetch';

serveCacheSync(self as unknown as SyncPort<ToSyncWorker, FromSyncWorker>, db, workerFetchPage);
