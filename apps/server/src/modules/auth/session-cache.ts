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

/** A database read of one session, with the generation it started in. */
export interface SessionRead {
  row: SessionRow | undefined;
  mark: number;
}

/**
 * Resolved sessions by token hash, for a few seconds, so a request does not pay the session query
 * (lookup by code is the hot path). Correct across instances: every change that matters raises
 * NOTIFY mde_auth with the user id (migration 20261122_0001) and drops that user's copies; a read that
 * overlapped such a change is not stored (generation check). Only sessions valid at read time are kept;
 * expiry is still checked against the clock on every request.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, { mark: number; read: Promise<SessionRead> }>();
  private generation = 0;

  constructor(private readonly database: DatabaseHandle) {
    database.notifications.subscribe({
      message: (channel, payload) => {
        if (channel === 'mde_auth') this.dropUser(Number(payload));
      },
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

  /**
   * Reads a session from the database once for all requests that need it at the same time; pass the mark
   * to set(). When an entry expired under load, every request in flight used to send its own query: up to 50
   * at once, so the pool opened new connections (a new backend's first statements took 10-25 ms) and closed
   * them again ten seconds later, and scans stalled for 100-500 ms around both (the lookup bench). A request
   * joins a read only if nothing was dropped since it began (and drops are heard); otherwise it could get a
   * row from before a revocation.
   */
  read(tokenHash: string, query: () => Promise<SessionRow | undefined>): Promise<SessionRead> {
    const running = this.reading.get(tokenHash);
    if (running && running.mark === this.generation && this.database.notifications.live) return running.read;
    const mark = this.generation;
    const done = () => {
      if (this.reading.get(tokenHash)?.read === read) this.reading.delete(tokenHash);
    };
    const read = query().then(
      (row) => {
        done();
        return { row, mark };
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.reading.set(tokenHash, { mark, read });
    return read;
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
