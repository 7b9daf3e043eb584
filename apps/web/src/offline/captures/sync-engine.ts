import type { SyncRequest, SyncResponse } from '@mde/contracts';
import type { CaptureDatabase } from './capture-db';
import { onLocalChange } from './capture-store';
import { deviceId } from './device';
import { nextBatch, releaseSeqsFrom, SYNC_BATCH_SIZE, type SyncSession, toSyncChange } from './sync-batch';
import { applyResults, setAside } from './sync-results';
import { setCaptureSyncState } from './sync-state';

export type PostSync = (body: SyncRequest) => Promise<SyncResponse>;
/**
 * How a failed request is classified: 'signed-out' waits for the next login; 'retry' (no connection, a 5xx)
 * backs off and sends the same again; 'refused' (a 4xx for the request as a whole) means something in the
 * batch can never be taken, so the batch is split until the change that causes it is found and set aside.
 */
export type FailureKind = 'signed-out' | 'retry' | 'refused';

export interface SyncEngineOptions {
  db: CaptureDatabase;
  post: PostSync;
  session: () => SyncSession | null;
  classify: (error: unknown) => { kind: FailureKind; message: string };
  /** Timer in the background (not only on the next scan). */
  intervalMs?: number;
  /** Local changes are gathered this long into one request. */
  debounceMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** The longest wait between attempts while an export waits (see EXPORT_RETRY_MAX_MS). */
  exportBackoffMs?: number;
  /** Source of the backoff's jitter (tests pass a fixed one). */
  random?: () => number;
}

/**
 * While an export waits, the worker stands at the screen for its document number: the device asks again at
 * least this often, so the export goes out about the moment the connection is back, not half a minute later.
 */
export const EXPORT_RETRY_MAX_MS = 2000;

/**
 * The wait before attempt `failures + 1`: doubling from `baseMs` up to `maxMs`, of which a random half is
 * left out, so that many devices coming back after an outage do not all retry in the same second.
 */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The outbox sender. One round at a time; a round sends batches until the outbox of the session's user is
 * empty, the server answers only 'pending', or a request fails (then it backs off: about 1 s, 2 s, … 30 s).
 * A change the server refuses is set aside with its reason and the rest goes on: the outbox never jams.
 */
export class CaptureSyncEngine {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly o: SyncEngineOptions) {}

  start(): this {
    // A second after the last scan: a burst of scans is not interleaved with the sync's own writes.
    const soon = () => this.request(this.o.debounceMs ?? 1000);
    const now = () => this.request(0);
    this.cleanups.push(onLocalChange(soon));
    if (typeof window !== 'undefined') {
      window.addEventListener('online', now);
      this.cleanups.push(() => window.removeEventListener('online', now));
      const visible = () => document.visibilityState === 'visible' && now();
      document.addEventListener('visibilitychange', visible);
      this.cleanups.push(() => document.removeEventListener('visibilitychange', visible));
    }
    const interval = setInterval(now, this.o.intervalMs ?? 30_000);
    this.cleanups.push(() => clearInterval(interval));
    now();
    return this;
  }

  stop(): void {
    for (const c of this.cleanups.splice(0)) c();
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
  }

  /** Asks for a round after `delayMs`; a request during a round runs another round right after it. */
  request(delayMs = 0): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.syncNow(), delayMs);
  }

  /** Runs a round now (or after the running one) and resolves when the outbox is as empty as it gets. */
  async syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.round()
      .catch((error: unknown) => {
        // A local database error must not end the background sync: report it and try again later.
        console.error('capture sync', error);
        setCaptureSyncState({ phase: 'waiting', lastError: error instanceof Error ? error.message : String(error) });
        this.retryLater();
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (this.again) {
      this.again = false;
      await this.syncNow();
    }
  }

  private async round(): Promise<void> {
    const session = this.o.session();
    if (!session) return;
    const device = await deviceId(this.o.db);
    let done = 0;
    // Shrinks while the server refuses whole batches, grows back after each accepted one.
    let size = SYNC_BATCH_SIZE;
    const total = await this.o.db.outbox.where('owner').equals(session.userId).count();
    if (total === 0) return setCaptureSyncState({ phase: 'idle', done: 0, total: 0, lastError: null });
    const exporting =
      (await this.o.db.outbox
        .where('owner')
        .equals(session.userId)
        .filter((e) => e.kind === 'export')
        .count()) > 0;
    setCaptureSyncState({ phase: 'syncing', done, total });
    for (;;) {
      const batch = await nextBatch(this.o.db, session, size).catch((error: unknown) => {
        throw new Error(`nextBatch: ${error instanceof Error ? `${error.name} ${error.message}` : error}`);
      });
      if (batch.length === 0) break;
      let response: SyncResponse;
      try {
        response = await this.o.post({ deviceId: device, changes: batch.map(toSyncChange) });
      } catch (error) {
        const failure = this.o.classify(error);
        if (failure.kind === 'signed-out')
          return setCaptureSyncState({ phase: 'signed-out', lastError: failure.message });
        if (failure.kind === 'retry') {
          setCaptureSyncState({ phase: 'waiting', lastError: failure.message });
          return this.retryLater(exporting);
        }
        if (batch.length > 1) {
          // Halving from the front keeps the seq order: the first half goes alone, then the rest.
          size = Math.ceil(batch.length / 2);
          continue;
        }
        const [refused] = batch as [(typeof batch)[number]];
        // The server never took this seq, so none after it either: they get new numbers, closing the gap.
        await setAside(this.o.db, refused, failure.message);
        await releaseSeqsFrom(this.o.db, session.userId, refused.seq);
        done += 1;
        setCaptureSyncState({ phase: 'syncing', done, total: Math.max(total, done) });
        continue;
      }
      const applied = await applyResults(this.o.db, batch, response).catch((error: unknown) => {
        throw new Error(`applyResults: ${error instanceof Error ? `${error.name} ${error.message}` : error}`);
      });
      this.failures = 0;
      size = Math.min(SYNC_BATCH_SIZE, size * 2);
      done += applied.confirmed + applied.rejected;
      setCaptureSyncState({ phase: 'syncing', done, total: Math.max(total, done), lastError: null, retryInMs: null });
      if (applied.confirmed + applied.rejected === 0) return this.retryLater(exporting);
    }
    setCaptureSyncState({
      phase: 'idle',
      done,
      total: done,
      lastError: null,
      retryInMs: null,
      lastSyncAt: new Date().toISOString(),
    });
  }

  private retryLater(exporting = false): void {
    this.failures += 1;
    const max = this.o.maxBackoffMs ?? 30_000;
    const delay = backoffDelay(
      this.failures,
      this.o.baseBackoffMs ?? 1000,
      exporting ? Math.min(max, this.o.exportBackoffMs ?? EXPORT_RETRY_MAX_MS) : max,
      this.o.random ?? Math.random,
    );
    setCaptureSyncState({ retryInMs: delay });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.syncNow(), delay);
  }
}
