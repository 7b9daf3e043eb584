import type { DatabaseHandle } from '../../db/database';
import type { SessionRow } from './auth.repository';

// Bounds how stale a copy can get if a notification is ever lost (notifications.ts keeps the cache off
// while no connection listens, so that needs a bug, not just a dropped connection).
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: SessionRow;
  cachedAt: number;
}

/**
 * Resolved sessions by token hash, for a few seconds, so a request does not pay the session query
 * (issue 4: lookup by code is the hot path). Correct across instances: every change that matters raises
 * NOTIFY mde_auth with the user id (migration 20261122_0001) and drops that user's copies; a read that
 * overlapped such a change is not stored (generation check). Only sessions valid at read time are kept;
 * expiry is still checked against the clock on every request.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly database: DatabaseHandle) {
    database.notifications.subscribe({
      message: (_channel, payload) => this.dropUser(Number(payload)),
      reset: () => this.clear(),
    });
  }

  get(tokenHash: string, now: number): SessionRow | undefined {
    if (!this.database.notifications.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt < TTL_MS) return entry.row;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Marks the start of a database read; pass the mark to set(). */
  mark() {
    return this.generation;
  }

  set(tokenHash: string, row: SessionRow, mark: number, now: number) {
    if (mark !== this.generation || !this.database.notifications.live) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { row, cachedAt: now });
  }

  dropUser(userId: number) {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (entry.row.user_id === userId) this.entries.delete(hash);
  }

  drop(tokenHash: string) {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }
}

const caches = new WeakMap<DatabaseHandle, SessionCache>();

export function sessionCacheOf(database: DatabaseHandle) {
  let cache = caches.get(database);
  if (!cache) {
    cache = new SessionCache(database);
    caches.set(database, cache);
  }
  return cache;
}
