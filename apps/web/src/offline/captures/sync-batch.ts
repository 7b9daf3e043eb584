import { CAPTURE_SYNC_MAX_CHANGES, type SyncChange } from '@mde/contracts';
import type { CaptureDatabase } from './capture-db';
import { rewindSeqs, takeSeqs } from './device';
import type { OutboxEntry } from './rows';

/** Entries per request: small enough that a lost answer costs little, large enough for 5,000 lines in seconds. */
export const SYNC_BATCH_SIZE = 500;

export interface SyncSession {
  userId: number;
  vkforgId: number;
}

/**
 * The next entries to send, in sequence order. Entries already numbered go first and keep their number
 * (a resend must repeat it, so the server can answer 'duplicate'); new entries are numbered only when they
 * belong to the session's current vkforg, so a capture from before a context switch waits for its store.
 */
export async function nextBatch(
  db: CaptureDatabase,
  session: SyncSession,
  max = SYNC_BATCH_SIZE,
): Promise<OutboxEntry[]> {
  return db.transaction('rw', [db.outbox, db.device], async () => {
    // In id order, stopping at `max`: entries of another vkforg that were never numbered are passed over.
    const sendable = await db.outbox
      .where('owner')
      .equals(session.userId)
      .filter((e) => e.seq > 0 || e.vkforgId === session.vkforgId)
      .limit(Math.min(max, CAPTURE_SYNC_MAX_CHANGES))
      .toArray();
    const fresh = sendable.filter((e) => e.seq === 0);
    if (fresh.length > 0) {
      let seq = await takeSeqs(db, session.userId, fresh.length);
      for (const e of fresh) e.seq = seq++;
      await db.outbox.bulkPut(fresh);
    }
    return sendable.sort((a, b) => a.seq - b.seq);
  });
}

/**
 * After a change the server refused as a whole request (so never numbered on its side) is set aside: it and
 * every entry numbered after it give their numbers back, and the entries are numbered afresh in their order,
 * so the server sees no gap where the refused one was.
 */
export async function releaseSeqsFrom(db: CaptureDatabase, owner: number, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.device], async () => {
    await db.outbox
      .where('owner')
      .equals(owner)
      .filter((e) => e.seq >= seq)
      .modify((e) => {
        e.seq = 0;
      });
    await rewindSeqs(db, owner, seq);
  });
}

export const toSyncChange = (e: OutboxEntry): SyncChange => ({
  seq: e.seq,
  clientId: e.clientId,
  module: e.module,
  kind: e.kind,
  vkforgId: e.vkforgId,
  ...(e.header ? { header: e.header } : {}),
  // Queued by capture-store.ts as an object of the kind's input schema.
  payload: (e.kind === 'export'
    ? { ...(e.payload as object), waitedSeconds: waitedSeconds(e) }
    : e.payload) as SyncChange['payload'],
});

/** How long an export waited on the device: the server tells one the user saw succeed from one stored later. */
const waitedSeconds = (e: OutboxEntry) => Math.max(0, Math.floor((Date.now() - Date.parse(e.createdAt)) / 1000)) || 0;
